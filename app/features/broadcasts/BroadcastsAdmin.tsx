/**
 * The broadcasts admin's pages: the list (a status filter, each broadcast's state and audience), the editor of a
 * draft (subject, preheader, the body from a post or written in the site's section editor, the web version, the
 * audience with its count), its preview as the email at phone and desktop width with the sending controls, and the
 * page of a scheduled, sending or sent broadcast with its figures. Every control is a form that works without
 * JavaScript; with it, the audience's count follows the segment as it is chosen.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useMemo, useRef, useState, type ReactNode } from "react";
import type { z } from "zod";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { EmptyState, Table, type Column } from "~/components/ui/Table";
import { editorStateOf, SectionEditor } from "~/features/content";
import { FilterPills, TabHeading } from "~/features/dashboard";
import { MEDIA_UPLOAD_URL } from "~/features/media";
import { useHydrated } from "~/lib/forms";
import { formatNumber } from "~/lib/format";
import { personFormLabel, personForms } from "~/lib/people";
import { SOURCE_CHANNEL_LABELS, SOURCE_CHANNELS } from "~/lib/visit-source";
import type { BroadcastSegment, BroadcastRow } from "~/db/schema";
import { broadcastSchema, EDITOR_INTENTS, PIPELINE_STATUSES } from "./broadcast.schema";
import { BROADCAST_MESSAGES as M, BROADCASTS_PATH, broadcastEmailPath, broadcastPath, STATUS_LABELS } from "./broadcasts.messages";
import type { BroadcastActionData, BroadcastPageData } from "./broadcasts-admin.server";

type Status = BroadcastRow["status"];

const STATUS_TONES: Record<Status, "neutral" | "success" | "warning" | "danger" | "brand"> = {
  draft: "neutral",
  scheduled: "brand",
  sending: "warning",
  paused: "warning",
  sent: "success",
  cancelled: "danger",
};

export function StatusBadge({ status }: { status: Status }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

const PIPELINE_LABELS: Record<(typeof PIPELINE_STATUSES)[number], string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  customer: "Customer",
  lost: "Lost",
};

/** "Every confirmed subscriber", or what narrows it. */
export function segmentSummary(segment: BroadcastSegment): string {
  const parts = [
    segment.form ? `signed up with ${personFormLabel(segment.form)}` : null,
    segment.channel ? `came from ${SOURCE_CHANNEL_LABELS[segment.channel as keyof typeof SOURCE_CHANNEL_LABELS] ?? segment.channel}` : null,
    segment.campaign ? `campaign “${segment.campaign}”` : null,
    segment.status ? `status ${PIPELINE_LABELS[segment.status as keyof typeof PIPELINE_LABELS] ?? segment.status}` : null,
  ].filter(Boolean);
  return parts.length ? `Confirmed subscribers: ${parts.join(", ")}` : "Every confirmed subscriber";
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

// ------------------------------------------------------------------ list

interface ListRow {
  id: string;
  subject: string;
  status: Status;
  fromPost: boolean;
  segment: BroadcastSegment;
  recipients: number | null;
  when: string;
  note: string | null;
}

export function BroadcastsList({
  status,
  counts,
  rows,
  timeZone,
}: {
  status: Status | null;
  counts: Partial<Record<Status, number>>;
  rows: ListRow[];
  timeZone: string;
}) {
  const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  const columns: Column<ListRow>[] = [
    {
      header: "Subject",
      card: "title",
      rowHeader: true,
      className: "font-medium text-ink",
      cell: (r) => (
        <Link to={broadcastPath(r.id)} className="hover:text-brand-700 hover:underline">
          {r.subject}
        </Link>
      ),
    },
    { header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
    { header: "Body", cell: (r) => (r.fromPost ? "Blog post" : "Written") },
    {
      header: "Audience",
      cell: (r) => (
        <span className="text-slate-700">
          {segmentSummary(r.segment)}
          {r.note ? <span className="mt-0.5 block text-xs text-red-700">{r.note}</span> : null}
        </span>
      ),
    },
    { header: "Recipients", className: "tabular-nums", cell: (r) => (r.recipients === null ? "—" : formatNumber(r.recipients)) },
    {
      header: `When (${timeZone})`,
      className: "whitespace-nowrap",
      cell: (r) => (
        <span>
          <span className="sr-only md:not-sr-only">
            {r.status === "scheduled" ? "Due " : r.status === "draft" || r.status === "cancelled" ? "Made " : "Started "}
          </span>
          {r.when}
        </span>
      ),
    },
    {
      header: "Actions",
      hideHeader: true,
      card: "actions",
      className: "flex justify-end max-md:-ml-3 md:-my-1.5",
      cell: (r) => (
        <Link to={broadcastPath(r.id)} className={buttonClasses({ variant: "ghost", size: "sm" })}>
          {r.status === "draft" ? "Edit" : "Open"}
          <span className="sr-only">{` ${r.subject}`}</span>
        </Link>
      ),
    },
  ];
  const pill = (value: Status | null, label: string) => ({
    to: value ? `${BROADCASTS_PATH}?status=${value}` : BROADCASTS_PATH,
    label: `${label} (${value ? (counts[value] ?? 0) : total})`,
    active: status === value,
  });
  return (
    <section>
      <TabHeading
        title={M.title}
        description={M.description}
        actions={
          <Link to={`${BROADCASTS_PATH}/new`} className={buttonClasses({ size: "sm" })}>
            {M.newBroadcast}
          </Link>
        }
      />
      <FilterPills
        label="Filter by status"
        items={[pill(null, "All"), ...(Object.keys(STATUS_LABELS) as Status[]).map((s) => pill(s, STATUS_LABELS[s]))]}
      />
      <Table
        caption={M.title}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={
          <EmptyState title={status ? M.emptyFiltered(STATUS_LABELS[status]) : M.empty}>
            A broadcast goes to confirmed newsletter subscribers: make one from a blog post or write it here.
          </EmptyState>
        }
      />
    </section>
  );
}

// ------------------------------------------------------------------ editor

function Card({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-base font-semibold text-ink">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function AudienceCount({ count, pending }: { count: number | null; pending: boolean }) {
  return (
    <p role="status" aria-live="polite" className="text-sm text-slate-700" data-testid="audience-count">
      {count === null ? (
        "Press Count to see how many would receive it."
      ) : (
        <>
          <span className={cn("text-2xl font-bold tabular-nums text-ink", pending && "opacity-50")}>{formatNumber(count)}</span>{" "}
          {count === 1 ? "subscriber would receive it now" : "subscribers would receive it now"}
          {count === 0 ? (
            <span className="mt-1 block font-medium text-amber-800">Nobody matches: widen the segment before sending.</span>
          ) : null}
        </>
      )}
    </p>
  );
}

export function BroadcastEditor({ data, actionData }: { data: BroadcastPageData; actionData?: BroadcastActionData }) {
  const navigation = useNavigation();
  const counter = useFetcher<BroadcastActionData>();
  const returned = navigation.state === "idle" && actionData?.form === "editor" ? actionData : undefined;
  const [form, fields] = useForm<Record<string, string | undefined>>({
    id: `broadcast-${data.id ?? "new"}`,
    lastResult: returned?.result,
    defaultValue: data.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: broadcastSchema as unknown as z.ZodType<Record<string, string | undefined>> }),
  });
  const initialSource = String(returned?.result.initialValue?.source ?? data.values.source ?? "post");
  const [source, setSource] = useState(initialSource);
  const hydrated = useHydrated();
  const editor = useMemo(
    () => editorStateOf(data.values.content ?? "[]", (returned?.result.initialValue as Record<string, unknown> | undefined) ?? null),
    [data.values.content, returned],
  );
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const count =
    counter.data?.form === "editor" && counter.data.count !== undefined ? counter.data.count : (returned?.count ?? data.audience);
  // The count follows the segment as it is chosen (the same action as the Count button).
  const recount = () => {
    if (!formRef.current) return;
    const body = new FormData(formRef.current);
    body.set("intent", EDITOR_INTENTS.count);
    counter.submit(body, { method: "post", encType: "multipart/form-data" });
  };
  const select = (name: "postId" | "segmentForm" | "segmentChannel" | "segmentStatus") => fields[name]!;
  return (
    <Form
      method="post"
      ref={formRef}
      {...getFormProps(form)}
      encType="multipart/form-data"
      className="min-w-0 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Subject" field={fields.subject!} className="sm:col-span-2">
          <Input {...getInputProps(fields.subject!, { type: "text" })} maxLength={150} />
        </Field>
        <Field
          label="Preheader"
          field={fields.preheader!}
          hint="The line mail apps show after the subject. Optional."
          className="sm:col-span-2"
        >
          <Input {...getInputProps(fields.preheader!, { type: "text" })} maxLength={150} />
        </Field>
      </div>

      <fieldset className="space-y-4 border-t border-slate-200 pt-5">
        <legend className="float-left mb-3 w-full text-sm font-semibold text-ink">Body</legend>
        <div className="clear-both flex flex-wrap gap-3" role="radiogroup" aria-label="Where the body comes from">
          {[
            { value: "post", label: "From a blog post", hint: "Its title, excerpt and sections, and a “Read on the site” link." },
            { value: "written", label: "Written here", hint: "In the section editor the blog uses." },
          ].map((o) => (
            <label
              key={o.value}
              htmlFor={`${form.id}-source-${o.value}`}
              className={cn(
                "flex min-w-56 flex-1 cursor-pointer gap-3 rounded-xl border p-3 text-sm",
                source === o.value ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 bg-white hover:bg-slate-50",
              )}
            >
              <input
                id={`${form.id}-source-${o.value}`}
                type="radio"
                name="source"
                value={o.value}
                defaultChecked={initialSource === o.value}
                onChange={() => setSource(o.value)}
                className="mt-0.5 h-4 w-4"
              />
              <span className="block font-medium text-ink">
                {o.label}
                <span className="block font-normal text-slate-600">{o.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.source!.errorId} errors={fields.source!.errors} />
        {/* Without JavaScript both show, and the choice above says which counts. */}
        <div hidden={hydrated && source !== "post"}>
          <Field label="Blog post" field={select("postId")} hint="Published posts, newest first. Its content is taken when sending starts.">
            <select {...getSelectProps(select("postId"))} className={inputClasses}>
              <Options options={data.posts} empty="Choose a post…" />
            </select>
          </Field>
        </div>
        <div className="space-y-4" hidden={hydrated && source !== "written"}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Heading" field={fields.title!} hint="Shown above the body. Optional." className="sm:col-span-2">
              <Input {...getInputProps(fields.title!, { type: "text" })} />
            </Field>
            <Field label="Introduction" field={fields.intro!} hint="A line or two before the body. Optional." className="sm:col-span-2">
              <Textarea {...getTextareaProps(fields.intro!)} rows={2} />
            </Field>
          </div>
          <SectionEditor
            formId={form.id}
            contentId={fields.content!.id}
            contentErrors={fields.content!.errors}
            errors={(name) => form.allErrors[name]}
            initial={editor}
            message={returned?.editorMessage}
            uploadUrl={MEDIA_UPLOAD_URL}
          />
        </div>
      </fieldset>

      <div className="border-t border-slate-200 pt-5">
        <label className="flex items-start gap-3 text-sm">
          <input {...getInputProps(fields.webVersion!, { type: "checkbox" })} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          <span>
            <span className="block font-medium text-ink">Show on the site as a web version</span>
            <span className="block text-slate-600">
              Once sent, it can be read at /newsletter/… and the email links to it as “view in browser”.
            </span>
          </span>
        </label>
      </div>

      <fieldset className="border-t border-slate-200 pt-5" onChange={recount}>
        <legend className="float-left mb-1 w-full text-sm font-semibold text-ink">Audience</legend>
        <p className="clear-both mb-4 text-sm text-slate-600">
          Every confirmed newsletter subscriber, optionally narrowed by any of these.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Signed up with" field={select("segmentForm")}>
            <select {...getSelectProps(select("segmentForm"))} className={inputClasses}>
              <Options options={personForms} empty="Any form" />
            </select>
          </Field>
          <Field label="Source channel" field={select("segmentChannel")}>
            <select {...getSelectProps(select("segmentChannel"))} className={inputClasses}>
              <Options options={SOURCE_CHANNELS.map((c) => ({ value: c, label: SOURCE_CHANNEL_LABELS[c] }))} empty="Any channel" />
            </select>
          </Field>
          <Field label="Campaign" field={fields.segmentCampaign!} hint="The utm_campaign of their first visit. Optional.">
            <Input {...getInputProps(fields.segmentCampaign!, { type: "text" })} />
          </Field>
          <Field label="Pipeline status" field={select("segmentStatus")}>
            <select {...getSelectProps(select("segmentStatus"))} className={inputClasses}>
              <Options options={PIPELINE_STATUSES.map((s) => ({ value: s, label: PIPELINE_LABELS[s] }))} empty="Any status" />
            </select>
          </Field>
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3">
          <AudienceCount count={count} pending={counter.state !== "idle"} />
          <Button type="submit" name="intent" value={EDITOR_INTENTS.count} variant="secondary" size="sm" formNoValidate>
            {busy === EDITOR_INTENTS.count ? "Counting..." : "Count"}
          </Button>
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5">
        <Link to={data.id ? broadcastPath(data.id) : BROADCASTS_PATH} className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
        <Button type="submit" name="intent" value={EDITOR_INTENTS.save} disabled={!!busy}>
          {busy === EDITOR_INTENTS.save ? "Saving..." : "Save draft"}
        </Button>
      </div>
    </Form>
  );
}

// ------------------------------------------------------------------ preview and sending

/** The email as the pipeline renders it, in sandboxed frames at a phone's and a desktop's width. */
export function EmailPreview({ id, version }: { id: string; version: string }) {
  const src = `${broadcastEmailPath(id)}?v=${encodeURIComponent(version)}`;
  const frames = [
    { label: "Phone", width: 375, height: 640 },
    { label: "Desktop", width: 640, height: 640 },
  ];
  return (
    <div
      role="region"
      aria-label="The email at phone and desktop width"
      // A region that may scroll sideways must be reachable by keyboard (as the Table's).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: the region scrolls, so it takes focus
      tabIndex={0}
      className="flex gap-6 overflow-x-auto pb-2 focus-visible:outline-2 focus-visible:outline-brand-600 max-lg:flex-col"
    >
      {frames.map((f) => (
        <figure key={f.label} className="shrink-0">
          <figcaption className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-600">{`${f.label} · ${f.width} px`}</figcaption>
          <iframe
            title={`The email at ${f.label.toLowerCase()} width`}
            src={src}
            sandbox=""
            width={f.width}
            height={f.height}
            className="max-w-none rounded-xl border border-slate-200 bg-white shadow-sm"
          />
        </figure>
      ))}
    </div>
  );
}

/** The email as the pipeline renders it, in its card. */
function PreviewCard({ id, version, title, description }: { id: string; version: string; title: string; description: string }) {
  return (
    <Card id="preview" title={title} description={description}>
      <EmailPreview id={id} version={version} />
    </Card>
  );
}

function SendErrors({ actionData }: { actionData?: BroadcastActionData }) {
  const navigation = useNavigation();
  if (navigation.state !== "idle" || actionData?.form !== "send") return null;
  return (
    <div
      role="alert"
      className={cn(actionData.result.error?.[""]?.length ? "mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3" : "hidden")}
    >
      <ErrorList errors={actionData.result.error?.[""] ?? []} />
    </div>
  );
}

/** One of the send panel's forms: its heading and words, and its button (the intent), busy while it is sent. */
function SendForm({
  title,
  intent,
  submit,
  busyLabel,
  variant,
  busy,
  children,
}: {
  title: string;
  intent: string;
  submit: string;
  busyLabel: string;
  variant?: "secondary";
  busy: FormDataEntryValue | null | undefined;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="flex flex-col justify-between gap-3 rounded-xl border border-slate-200 p-4">
      <div>
        <h3 className="text-sm font-semibold text-ink">{title}</h3>
        {children}
      </div>
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={!!busy}>
        {busy === intent ? busyLabel : submit}
      </Button>
    </Form>
  );
}

/** The schedule's date or time, in the team's zone, with its error. */
function ScheduleInput({
  type,
  label,
  error,
  defaultValue,
}: {
  type: "date" | "time";
  label: string;
  error?: string[];
  defaultValue: string;
}) {
  const id = `schedule-${type}`;
  return (
    <Field label={label} field={{ id, errorId: `${id}-error`, errors: error }}>
      <Input
        id={id}
        type={type}
        name={type}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}

/** A saved draft's controls: a test to the admin, send now, or schedule in the team's time zone. */
export function SendPanel({ data, actionData }: { data: BroadcastPageData; actionData?: BroadcastActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const sent = actionData?.form === "send" && navigation.state === "idle" ? actionData : undefined;
  const fieldError = (name: string) => sent?.result.error?.[name] ?? undefined;
  const kept = (name: string) => (sent?.result.initialValue?.[name] as string | undefined) ?? undefined;
  const nobody = data.audience === 0;
  return (
    <Card id="send" title="Test and send" description="Tests and sends use the saved draft: save your changes first.">
      <SendErrors actionData={actionData} />
      <div className="grid gap-4 lg:grid-cols-3">
        <SendForm title="Send a test" intent="test" submit="Send test" busyLabel="Sending..." variant="secondary" busy={busy}>
          <p className="mt-1 text-sm text-slate-600">{`One email to you (${data.email}), through the outbox.`}</p>
        </SendForm>
        <SendForm title="Send now" intent="send" submit="Send now" busyLabel="Starting..." busy={busy}>
          <p className="mt-1 text-sm text-slate-600">
            {data.audience === null
              ? "To its audience."
              : `To ${plural(data.audience, "subscriber", "subscribers")}, in batches through the queue.`}
          </p>
          {nobody ? <p className="mt-1 text-sm font-medium text-amber-800">{M.emptyAudience}</p> : null}
        </SendForm>
        <SendForm title="Schedule" intent="schedule" submit="Schedule" busyLabel="Scheduling..." variant="secondary" busy={busy}>
          <p className="mt-1 text-sm text-slate-600">{`At a time in the team's zone, ${data.timeZone}.`}</p>
          <div className="mt-3 grid grid-cols-2 gap-3">
            <ScheduleInput type="date" label="Date" error={fieldError("date")} defaultValue={kept("date") ?? data.scheduleDefaults.date} />
            <ScheduleInput type="time" label="Time" error={fieldError("time")} defaultValue={kept("time") ?? data.scheduleDefaults.time} />
          </div>
        </SendForm>
      </div>
    </Card>
  );
}

// ------------------------------------------------------------------ a broadcast's page

function Figure({ label, value, tone }: { label: string; value: number; tone?: "danger" | "muted" }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd
        className={cn("mt-1 text-2xl font-bold tabular-nums", tone === "danger" && value > 0 ? "text-red-700" : "text-ink")}
        data-testid={`figure-${label.toLowerCase()}`}
      >
        {formatNumber(value)}
      </dd>
    </div>
  );
}

const STATE_CONTROLS: Partial<
  Record<Status, { intent: string; label: string; variant: "secondary" | "danger" | "primary"; text: string }>
> = {
  scheduled: {
    intent: "cancel",
    label: "Cancel scheduled send",
    variant: "secondary",
    text: "Until it starts, it can be cancelled: nothing is sent.",
  },
  sending: { intent: "pause", label: "Pause sending", variant: "secondary", text: "Batches that arrive while it is paused wait." },
  paused: { intent: "resume", label: "Resume sending", variant: "primary", text: "The emails that waited are queued again." },
};

export function BroadcastStatusPage({ data, actionData }: { data: BroadcastPageData; actionData?: BroadcastActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const stats = data.stats;
  const control = STATE_CONTROLS[data.status];
  const facts = [
    { label: "Audience", value: segmentSummary(data.segment) },
    data.scheduledAt ? { label: "Scheduled for", value: `${data.scheduledAt} (${data.timeZone})` } : null,
    data.startedAt ? { label: "Started", value: `${data.startedAt} (${data.timeZone})` } : null,
    data.finishedAt ? { label: "Finished", value: `${data.finishedAt} (${data.timeZone})` } : null,
  ].filter((f): f is { label: string; value: string } => f !== null);
  return (
    <div className="space-y-6">
      <SendErrors actionData={actionData} />
      {data.note ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {data.note}
        </p>
      ) : null}
      <div className={cn("grid gap-6", control && "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]")}>
        <Card id="state" title="State">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {facts.map((f) => (
              <div key={f.label}>
                <dt className="text-slate-600">{f.label}</dt>
                <dd className="font-medium text-ink">{f.value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        {control ? (
          <Card id="controls" title="Control" description={control.text}>
            <Form method="post">
              <Button type="submit" name="intent" value={control.intent} variant={control.variant} disabled={!!busy}>
                {control.label}
              </Button>
            </Form>
          </Card>
        ) : null}
      </div>
      {stats ? (
        <Card id="results" title="Results" description="From the outbox rows of this broadcast, one per recipient.">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Figure label="Recipients" value={stats.recipients} />
            <Figure label="Sent" value={stats.sent} />
            <Figure label="Failed" value={stats.failed} tone="danger" />
            <Figure label="Waiting" value={stats.waiting + stats.held} />
            <Figure label="Skipped" value={stats.skipped.reduce((a, s) => a + s.count, 0)} />
            <Figure label="Unsubscribes" value={stats.unsubscribes} />
          </dl>
          {stats.skipped.length ? (
            <div className="mt-6">
              <h3 className="text-sm font-semibold text-ink">Skipped at send time</h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
                {stats.skipped.map((s) => (
                  <li key={s.reason} className="flex items-center justify-between gap-3 px-4 py-2">
                    <span className="text-slate-700">{s.reason}</span>
                    <span className="font-semibold tabular-nums text-ink">{formatNumber(s.count)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
      ) : null}
      {stats ? (
        <Card id="clicks" title="Clicks" description="Per link, through the site's own redirect. Link scanners' clicks are counted apart.">
          {stats.clicks?.length ? (
            <Table
              caption="Clicks per link"
              rowKey={(r) => r.url}
              rows={stats.clicks}
              columns={[
                { header: "Link", card: "title", className: "break-all", cell: (r) => r.url },
                { header: "People", className: "tabular-nums", cell: (r) => formatNumber(r.humans) },
                { header: "Link scanners", className: "tabular-nums text-slate-600", cell: (r) => formatNumber(r.bots) },
              ]}
            />
          ) : (
            <p className="text-sm text-slate-600">No clicks yet.</p>
          )}
        </Card>
      ) : null}
    </div>
  );
}

/** The page's heading: the subject, its state, and the way back to the list. */
export function BroadcastHeading({ data }: { data: BroadcastPageData }) {
  return (
    <div className="mb-6">
      <Link to={BROADCASTS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← All broadcasts
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold text-ink">{data.id ? data.subject : M.newTitle}</h2>
        {data.id ? <StatusBadge status={data.status} /> : null}
      </div>
    </div>
  );
}

/** A broadcast's whole page: the editor and its sending controls for a draft, its state and figures after. */
export function BroadcastPage({ data, actionData }: { data: BroadcastPageData; actionData?: BroadcastActionData }) {
  const draft = data.status === "draft";
  return (
    <section>
      <BroadcastHeading data={data} />
      {draft ? (
        <div className="space-y-6">
          <BroadcastEditor data={data} actionData={actionData} />
          {data.id ? (
            <>
              <PreviewCard
                id={data.id}
                version={data.version}
                title="Preview"
                description="The email the pipeline renders, as a subscriber's mail app shows it."
              />
              <SendPanel data={data} actionData={actionData} />
            </>
          ) : null}
        </div>
      ) : (
        <div className="space-y-6">
          <BroadcastStatusPage data={data} actionData={actionData} />
          {data.id ? <PreviewCard id={data.id} version={data.version} title="The email" description="As it was sent." /> : null}
        </div>
      )}
    </section>
  );
}
