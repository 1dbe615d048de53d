/** The notification settings page: destinations, the add form (secret shown once), recent deliveries with Resend. */
import { getCollectionProps, getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { RowAction } from "~/components/ui/RowAction";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { formatDateTime } from "~/lib/format";
import { Table } from "~/components/ui/Table";
import { alertEvents, destinationKinds } from "~/db/shared";
import { useLazyValidation } from "~/lib/lazy-validation";
import { AdminPage, AdminSection } from "~/features/dashboard";
import { ALERTS_MESSAGES as M, EVENT_LABELS, KIND_LABELS, NOTIFICATIONS_PATH } from "./alerts.messages";
import type { DeliveryView, DestinationView, NotificationsActionData, NotificationsData } from "./alerts.server";

const legendClasses = "mb-1.5 block text-sm font-medium text-ink";

function DestinationCard({ d, actionData }: { d: DestinationView; actionData: NotificationsActionData }) {
  const validation = useLazyValidation(() => import("./alerts.schema").then((m) => m.updateEventsSchema));
  const mine = actionData?.intent === "events" && actionData.result.initialValue?.destinationId === d.id;
  const [form, fields] = useForm<{ destinationId: string; events: string[] }>({
    id: `events-${d.id}`,
    lastResult: mine ? actionData.result : undefined,
    defaultValue: { events: d.events },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const small = (intent: string, label: string, variant: "secondary" | "danger" = "secondary") => (
    <RowAction
      action={NOTIFICATIONS_PATH}
      intent={intent}
      name="destinationId"
      value={d.id}
      label={label}
      ariaLabel={`${label}: ${d.name}`}
      variant={variant}
    />
  );
  return (
    <li className="rounded-xl border border-slate-200 p-3 sm:p-4" data-testid="destination">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-ink">{d.name}</h3>
        <Badge tone="brand">{KIND_LABELS[d.kind]}</Badge>
        {d.enabled ? <Badge tone="success">{M.on}</Badge> : <Badge tone="warning">{M.off}</Badge>}
      </div>
      <p className="mt-1 break-all font-mono text-xs text-slate-600">{d.urlShown}</p>
      <Form method="post" action={NOTIFICATIONS_PATH} {...getFormProps(form)} {...validation.formProps} className="mt-3">
        <input type="hidden" name="intent" value="events" />
        <input type="hidden" name="destinationId" value={d.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <EventsFieldset field={fields.events} />
        <Button type="submit" variant="secondary" size="sm" className="mt-3">
          {M.save}
        </Button>
      </Form>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {d.enabled ? small("turn-off", M.turnOff) : small("turn-on", M.turnOn)}
        {small("test", M.sendTest)}
        {small("delete", M.delete, "danger")}
      </div>
    </li>
  );
}

/** The events a destination receives: the same checkboxes on the add form and on each destination's form. */
function EventsFieldset({ field }: { field: FieldMetadata<string[]> }) {
  return (
    <fieldset>
      <legend className={legendClasses}>{M.eventsLabel}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {getCollectionProps(field, { type: "checkbox", options: [...alertEvents] }).map((props) => (
          <label key={props.key} className="flex items-start gap-2 text-sm">
            <input {...props} key={undefined} className="mt-0.5 size-4" />
            <span>
              <code className="text-xs">{props.value}</code> — {EVENT_LABELS[props.value as keyof typeof EVENT_LABELS]}
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function AddDestination({ formKey, actionData }: { formKey: string; actionData: NotificationsActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const validation = useLazyValidation(() => import("./alerts.schema").then((m) => m.createDestinationSchema));
  const [form, fields] = useForm<{ name: string; kind: string; url: string; events: string[] }>({
    id: "add-destination",
    lastResult: actionData?.intent === "create" ? actionData.result : undefined,
    defaultValue: { kind: "webhook", events: ["submission.created", "person.created"] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  return (
    <Form method="post" action={NOTIFICATIONS_PATH} {...getFormProps(form)} {...validation.formProps} className="space-y-4">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="key" value={formKey} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={M.nameLabel} field={fields.name}>
        <Input {...getInputProps(fields.name, { type: "text" })} required={false} autoComplete="off" className="max-w-md" />
      </Field>
      <fieldset>
        <legend className={legendClasses}>{M.kindLabel}</legend>
        <div className="flex flex-wrap gap-4">
          {getCollectionProps(fields.kind, { type: "radio", options: [...destinationKinds] }).map((props) => (
            <label key={props.key} className="flex items-center gap-2 text-sm">
              <input {...props} key={undefined} required={false} className="size-4" />
              {KIND_LABELS[props.value as keyof typeof KIND_LABELS]}
            </label>
          ))}
        </div>
        <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <Field label={M.urlLabel} field={fields.url} hint={M.urlHint}>
        <Input {...getInputProps(fields.url, { type: "url" })} required={false} autoComplete="off" inputMode="url" />
      </Field>
      <EventsFieldset field={fields.events} />
      <Button type="submit" disabled={busy}>
        {busy ? M.adding : M.add}
      </Button>
    </Form>
  );
}

function statusBadge(status: DeliveryView["status"]) {
  if (status === "sent") return <Badge tone="success">Delivered</Badge>;
  if (status === "failed") return <Badge tone="danger">Failed</Badge>;
  return <Badge tone="neutral">Queued</Badge>;
}

function Deliveries({ deliveries }: { deliveries: DeliveryView[] }) {
  return (
    <Table
      caption={M.deliveriesTitle}
      rows={deliveries}
      rowKey={(r) => r.id}
      empty={<p className="text-sm text-slate-600">{M.noDeliveries}</p>}
      columns={[
        {
          header: "Event",
          card: "title",
          rowHeader: true,
          cell: (r) => (
            <span className="block max-w-xs">
              <code className="text-xs">{r.event}</code>
              <span className="block break-words text-sm font-normal text-slate-600">{r.summary}</span>
            </span>
          ),
        },
        { header: "Destination", cell: (r) => r.destination ?? "(deleted)" },
        { header: "Status", cell: (r) => statusBadge(r.status) },
        { header: "Last code", cell: (r) => (r.lastResponseCode === null ? "—" : String(r.lastResponseCode)) },
        {
          header: "Attempts",
          cell: (r) =>
            r.attempts.length === 0 ? (
              "—"
            ) : (
              <ol className="space-y-0.5 text-xs" aria-label={`Attempts of ${r.id}`}>
                {r.attempts.map((a, i) => (
                  <li key={i} data-testid="attempt">
                    <span className="font-semibold">{a.responseCode ?? (a.outcome === "delivered" ? "OK" : "no answer")}</span>{" "}
                    <span className="whitespace-nowrap text-slate-600">{formatDateTime(a.at)}</span>
                  </li>
                ))}
              </ol>
            ),
        },
        { header: "Created", cell: (r) => formatDateTime(r.createdAt) },
        {
          header: "Actions",
          hideHeader: true,
          card: "actions",
          cell: (r) => (
            <RowAction
              action={NOTIFICATIONS_PATH}
              intent="resend"
              name="deliveryId"
              value={r.id}
              label={M.resend}
              ariaLabel={`Resend ${r.event} to ${r.destination ?? "a deleted destination"}`}
            />
          ),
        },
      ]}
    />
  );
}

export function NotificationsPage({ data, actionData }: { data: NotificationsData; actionData: NotificationsActionData }) {
  const created = actionData?.intent === "create" ? actionData.created : undefined;
  return (
    <AdminPage email={data.email} title={M.title}>
      <p className="max-w-3xl text-sm text-slate-600">{M.intro}</p>
      {created ? (
        <section role="status" aria-labelledby="secret-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-6">
          <h2 id="secret-title" className="text-lg font-semibold">
            {M.secretTitle}
          </h2>
          <p className="mt-1 text-sm">{M.secretBody}</p>
          <p className="mt-3 text-sm font-medium">{created.name}</p>
          <code data-testid="webhook-secret" className="mt-1 block select-all break-all rounded-lg bg-white p-3 font-mono text-sm">
            {created.secret}
          </code>
        </section>
      ) : null}
      <AdminSection title={M.destinationsTitle}>
        {data.destinations.length === 0 ? (
          <p className="text-sm text-slate-600">{M.noDestinations}</p>
        ) : (
          <ul className="space-y-4">
            {data.destinations.map((d) => (
              <DestinationCard key={d.id} d={d} actionData={actionData} />
            ))}
          </ul>
        )}
      </AdminSection>
      <AdminSection title={M.addTitle} description={M.addDescription}>
        <AddDestination key={data.formKey} formKey={data.formKey} actionData={actionData} />
      </AdminSection>
      <AdminSection title={M.deliveriesTitle} description={M.deliveriesDescription}>
        <Deliveries deliveries={data.deliveries} />
      </AdminSection>
    </AdminPage>
  );
}
