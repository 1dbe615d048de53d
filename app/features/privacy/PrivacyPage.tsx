import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { TabHeading } from "~/features/dashboard";
import { Button } from "~/components/ui/Button";
import { ConfirmForm } from "~/components/ui/Confirm";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { useKeptValues } from "~/lib/kept-form";
import { PRIVACY_EXPORT_PATH, PRIVACY_PATH } from "~/lib/paths";
import { PRIVACY_MESSAGES as M } from "./privacy.messages";
import { lookupSchema } from "./privacy.schema";
import type { PrivacyActionData, PrivacyLoaderData, PrivacyView } from "./privacy.server";

function LookupForm({ actionData, email }: { actionData?: PrivacyActionData; email: string }) {
  const navigation = useNavigation();
  const lastResult = navigation.state === "idle" && actionData?.intent === "lookup" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "privacy-lookup",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: useKeptValues<{ email: string }>({ intent: "lookup" }) ?? { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lookupSchema }),
  });
  return (
    <Form method="post" action={PRIVACY_PATH} {...getFormProps(form)} className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value="lookup" />
      <Field label="Email address" field={fields.email} className="min-w-0 flex-1 basis-64">
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
      </Field>
      <Button type="submit" className="sm:mt-7">
        Look up
      </Button>
    </Form>
  );
}

function Counts({ view, erase = false }: { view: PrivacyView; erase?: boolean }) {
  const rows = view.counts.filter((c) => c.rows > 0);
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" aria-label="Stored about this address">
      {rows.map((c) => (
        <li key={c.table} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
          <span className="text-ink">{c.label}</span>
          <span className="ml-auto text-right text-slate-600">
            {c.rows}
            {erase ? `, ${c.eraseText}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Summary({ view }: { view: PrivacyView }) {
  return (
    <section aria-labelledby="privacy-summary" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id="privacy-summary" className="text-base font-semibold break-all">
        {`Stored about ${view.email}`}
      </h3>
      {view.total === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{M.nothingStored}</p>
      ) : (
        <div className="mt-3">{<Counts view={view} />}</div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {/* A file download: a plain form post, with or without JavaScript. */}
        <Form method="post" action={PRIVACY_EXPORT_PATH} reloadDocument>
          <input type="hidden" name="email" value={view.email} />
          <Button type="submit">Export data (JSON)</Button>
        </Form>
        {view.total > 0 ? (
          <Form method="post" action={PRIVACY_PATH}>
            <input type="hidden" name="email" value={view.email} />
            <Button type="submit" name="intent" value="review-erase" variant="secondary" className="text-red-700">
              Erase data…
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function EraseConfirmation({ view, actionData }: { view: PrivacyView; actionData?: PrivacyActionData }) {
  const result = actionData?.intent === "erase" ? actionData.result : undefined;
  const boxError = result?.error?.confirm?.[0] ?? null;
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <ErrorList errors={result?.error?.[""] ?? null} />
      <ConfirmForm
        confirmation={{
          title: `Erase everything stored about ${view.email}?`,
          text: (
            <div className="space-y-3">
              <p>
                Submissions, emails, notes and the person in Leads are deleted in one step. Questions they asked stay published, without
                their name and email. The audit log keeps only that an erasure happened.
              </p>
              <Counts view={view} erase />
            </div>
          ),
          action: PRIVACY_PATH,
          intent: "erase",
          confirmLabel: "Erase data",
          fields: { email: view.email, requestId: view.requestId },
          warning: {
            title: "This cannot be undone",
            text: "Export the data first if the person asked for a copy.",
          },
        }}
        cancel={PRIVACY_PATH}
        error={boxError}
      />
    </section>
  );
}

/** The Privacy page: type an address, see what is stored about it, export it or erase it (after a confirmation). */
export function PrivacyPage({ data, actionData }: { data: PrivacyLoaderData; actionData?: PrivacyActionData }) {
  const view = actionData?.view ?? data.view;
  return (
    <section>
      <TabHeading
        title="Privacy"
        description="A person's data on request: everything stored about one email address, as one JSON file, or erased."
      />
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {/* A new address starts the form again; a 400 keeps what was typed (conform's last result). */}
        <LookupForm key={view?.email ?? ""} actionData={actionData} email={view?.email ?? ""} />
      </div>
      {view?.step === "summary" ? <Summary view={view} /> : null}
      {view?.step === "confirm" ? <EraseConfirmation view={view} actionData={actionData} /> : null}
    </section>
  );
}
