import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { SOURCE_CHANNEL_LABELS } from "~/lib/visit-source";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { RichText } from "~/components/content/StructuredContent";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { formatDateTime } from "~/lib/format";
import { useKeptFormOptions, useKeptValues } from "~/lib/kept-form";
import { DueBadge, StatusBadge } from "./LeadsTab";
import { LEADS_PATH, personFormLabel, personPrivacyPath, STATUS_OPTIONS } from "./people.options";
import { MEETING_STATUS_LABELS, meetingTone } from "~/features/meetings";
import {
  dueSchema,
  dueToInput,
  meetingOutcomeSchema,
  noteAddSchema,
  noteDeleteSchema,
  noteEditSchema,
  ownerSchema,
  statusSchema,
} from "./people.schema";
import type { PersonActionData } from "./person-actions.server";
import type { PersonPageData, TimelineItem } from "./person-page.server";

type Result = SubmissionResult<string[]> | undefined;

/** The last result of this form only (each form on the page has its own intent, and a note its id). */
function resultFor(actionData: PersonActionData | undefined, intent: PersonActionData["intent"], noteId?: string): Result {
  if (!actionData || actionData.intent !== intent) return undefined;
  if (noteId !== undefined && actionData.noteId !== noteId) return undefined;
  return actionData.result;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      {children}
    </section>
  );
}

function StatusForm({ data, lastResult }: { data: PersonPageData; lastResult: Result }) {
  const [form, fields] = useForm({
    id: "person-status",
    ...useKeptFormOptions(lastResult, { intent: "status" }, { status: data.person.status, lostReason: data.person.lost_reason ?? "" }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: statusSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="status" />
      <Field label="Status" field={fields.status}>
        <select {...getSelectProps(fields.status)} className={inputClasses}>
          <Options options={STATUS_OPTIONS} />
        </select>
      </Field>
      <Field label="Reason, when lost" field={fields.lostReason} hint="Contacted and later clear the due date.">
        <Input {...getInputProps(fields.lostReason, { type: "text" })} />
      </Field>
      <ErrorList errors={form.errors} />
      <Button type="submit">Save status</Button>
    </Form>
  );
}

function OwnerForm({ data, lastResult }: { data: PersonPageData; lastResult: Result }) {
  const [form, fields] = useForm({
    id: "person-owner",
    ...useKeptFormOptions(lastResult, { intent: "owner" }, { ownerId: data.person.owner_id ?? "" }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ownerSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="owner" />
      <Field label="Owner" field={fields.ownerId}>
        <select {...getSelectProps(fields.ownerId)} className={inputClasses}>
          <Options options={data.admins.map((a) => ({ value: a.id, label: a.email }))} empty="Nobody" />
        </select>
      </Field>
      <ErrorList errors={form.errors} />
      <Button type="submit" variant="secondary">
        Save owner
      </Button>
    </Form>
  );
}

function DueForm({ data, lastResult }: { data: PersonPageData; lastResult: Result }) {
  const [form, fields] = useForm({
    id: "person-due",
    ...useKeptFormOptions(lastResult, { intent: "due" }, { dueAt: dueToInput(data.person.due_at) }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dueSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="due" />
      <Field label="Due (UTC)" field={fields.dueAt} hint="Empty clears it.">
        <Input {...getInputProps(fields.dueAt, { type: "datetime-local" })} />
      </Field>
      <ErrorList errors={form.errors} />
      <Button type="submit" variant="secondary">
        Save due date
      </Button>
    </Form>
  );
}

const MARKUP_HINT = "**bold**, [label](https://…), and lines starting with - make a list.";

function NoteAddForm({ lastResult, noteKey }: { lastResult: Result; noteKey: string }) {
  const [form, fields] = useForm({
    id: "person-note-add",
    ...useKeptFormOptions<{ body: string }>(lastResult, { intent: "note-add" }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noteAddSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="note-add" />
      <input type="hidden" name="noteKey" value={noteKey} />
      <Field label="New note" field={fields.body} hint={MARKUP_HINT}>
        <Textarea {...getTextareaProps(fields.body)} rows={3} className="min-h-20" />
      </Field>
      <ErrorList errors={form.errors} />
      <Button type="submit" variant="secondary">
        Add note
      </Button>
    </Form>
  );
}

function NoteActions({ note, actionData }: { note: Extract<TimelineItem, { type: "note" }>; actionData?: PersonActionData }) {
  const editResult = resultFor(actionData, "note-edit", note.id);
  const keptEdit = useKeptValues({ intent: "note-edit", noteId: note.id });
  const [form, fields] = useForm({
    id: `note-edit-${note.id}`,
    ...useKeptFormOptions(editResult, { intent: "note-edit", noteId: note.id }, { body: note.body, noteId: note.id }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noteEditSchema }),
  });
  const [deleteForm] = useForm({
    id: `note-delete-${note.id}`,
    ...useKeptFormOptions(resultFor(actionData, "note-delete", note.id), { intent: "note-delete", noteId: note.id }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noteDeleteSchema }),
  });
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2">
      <details className="min-w-0 flex-1" open={editResult !== undefined || !!keptEdit}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Edit note</summary>
        <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="note-edit" />
          <input type="hidden" name="noteId" value={note.id} />
          <Field label="Note" field={fields.body} hint={MARKUP_HINT}>
            <Textarea {...getTextareaProps(fields.body)} rows={3} className="min-h-20" />
          </Field>
          <ErrorList errors={form.errors} />
          <Button type="submit" size="sm" variant="secondary">
            Save note
          </Button>
        </Form>
      </details>
      <Form method="post" {...getFormProps(deleteForm)}>
        <input type="hidden" name="intent" value="note-delete" />
        <input type="hidden" name="noteId" value={note.id} />
        <Button type="submit" size="sm" variant="danger">
          Delete note
        </Button>
        <ErrorList errors={deleteForm.errors} />
      </Form>
    </div>
  );
}

/** Held or no-show, after the call: two buttons of one form (a cancelled call has none). */
function MeetingOutcome({ meeting, actionData }: { meeting: Extract<TimelineItem, { type: "meeting" }>; actionData?: PersonActionData }) {
  const lastResult = actionData?.intent === "meeting" && actionData.meetingId === meeting.id ? actionData.result : undefined;
  const [form] = useForm({
    id: `meeting-${meeting.id}`,
    ...useKeptFormOptions(lastResult, { intent: "meeting", meetingId: meeting.id }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: meetingOutcomeSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="meeting" />
      <input type="hidden" name="meetingId" value={meeting.id} />
      <Button type="submit" size="sm" variant="secondary" name="outcome" value="held" disabled={meeting.status === "held"}>
        Mark held
      </Button>
      <Button type="submit" size="sm" variant="secondary" name="outcome" value="no-show" disabled={meeting.status === "no-show"}>
        Mark no-show
      </Button>
      <ErrorList errors={form.errors} />
    </Form>
  );
}

const SCHEDULERS: Record<string, string> = { "cal-com": "Cal.com", calendly: "Calendly" };

function TimelineEntry({ item, actionData }: { item: TimelineItem; actionData?: PersonActionData }) {
  const when = <time className="text-xs text-slate-600">{formatDateTime(item.at)}</time>;
  switch (item.type) {
    case "submission":
      return (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{item.title}</Badge>
            {when}
          </p>
          {item.sections.map((s, i) => (
            <div key={i} className="mt-2">
              {s.heading ? <h4 className="text-sm font-semibold text-ink">{s.heading}</h4> : null}
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
                {s.rows.map((r, j) => (
                  <div key={j} className="contents">
                    <dt className="text-slate-600">{r.label}</dt>
                    <dd className="whitespace-pre-line break-words text-ink">{r.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </>
      );
    case "email":
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge>Email</Badge>
          {when}
          <span className="text-ink">{item.subject}</span>
          <Badge tone={item.status === "sent" ? "success" : item.status === "failed" ? "danger" : "warning"}>{item.status}</Badge>
          {item.lastError && item.status !== "sent" ? <span className="text-red-700">{item.lastError}</span> : null}
        </p>
      );
    case "event":
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="warning">Change</Badge>
          {when}
          <span className="text-ink">{item.text}</span>
          {item.detail ? <span className="text-slate-700">{`(${item.detail})`}</span> : null}
          <span className="text-slate-600">{`by ${item.actor}`}</span>
        </p>
      );
    case "meeting":
      return (
        <div data-testid="timeline-meeting">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="brand">Call</Badge>
            {when}
            <Badge tone={meetingTone(item.status)}>{MEETING_STATUS_LABELS[item.status]}</Badge>
            <span className="text-slate-600">{`on ${SCHEDULERS[item.provider] ?? item.provider}`}</span>
          </p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
            {(
              [
                ["When", `${formatDateTime(item.startAt)} to ${formatDateTime(item.endAt)}`],
                ["Invitee", item.inviteeName ? `${item.inviteeName} (${item.inviteeEmail})` : item.inviteeEmail],
                ...item.answers.map((a): [string, string] => [a.question, a.answer]),
              ] as [string, string][]
            ).map(([label, value], i) => (
              <div key={i} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="whitespace-pre-line break-words text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {item.status !== "cancelled" ? <MeetingOutcome meeting={item} actionData={actionData} /> : null}
        </div>
      );
    case "note":
      return (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="success">Note</Badge>
            {when}
            <span className="text-slate-600">{`by ${item.actor}`}</span>
            {item.edited ? <span className="text-xs text-slate-500">{`edited ${formatDateTime(item.edited)}`}</span> : null}
          </p>
          <RichText text={item.body} className="mt-1 text-sm text-ink" />
          {item.mine ? <NoteActions note={item} actionData={actionData} /> : null}
        </>
      );
  }
}

/** A person: their details as last given, the pipeline's forms, other features' blocks (`children`), and the timeline in time order. */
export function PersonPage({ data, actionData, children }: { data: PersonPageData; actionData?: PersonActionData; children?: ReactNode }) {
  const { person, timeline, now } = data;
  // After a saved change the forms start again from the stored values (with JavaScript the page is not reloaded).
  const version = `${person.status}:${person.owner_id}:${person.due_at}:${timeline.length}:${timeline.at(-1)?.key}`;
  return (
    <section>
      <Link to={LEADS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← All leads
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold break-all">{person.name || person.email}</h2>
        <StatusBadge status={person.status} />
        <nav aria-label="Personal data" className="flex flex-wrap gap-2 sm:ml-auto">
          <Link to={personPrivacyPath(person.id)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Export data
          </Link>
          <Link to={personPrivacyPath(person.id, "erase")} className={buttonClasses({ variant: "danger", size: "sm" })}>
            Erase data
          </Link>
        </nav>
      </div>
      <dl className="mb-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {(
          [
            ["Email", person.email],
            ["Company", person.company ?? "—"],
            ["App", person.app ?? "—"],
            ["Owner", person.owner_email ?? "Nobody"],
            ["Due", <DueBadge key="due" due={person.due_at} now={now} />],
            [
              "Status",
              person.status === "lost" && person.lost_reason ? (
                `Lost: ${person.lost_reason}`
              ) : (
                <StatusBadge key="s" status={person.status} />
              ),
            ],
            ["First came through", personFormLabel(person.first_form)],
            ["Last seen", formatDateTime(person.last_seen_at)],
            // The first source (ADR 0022): what the browser said, shown as text only.
            ["First source", person.first_channel ? SOURCE_CHANNEL_LABELS[person.first_channel] : "Not known"],
            ["Campaign", [person.first_utm_campaign, person.first_utm_source, person.first_utm_medium].filter(Boolean).join(" · ") || "—"],
            ["Referrer", person.first_referrer_host ?? "—"],
            ["Landing page", person.first_landing_page ?? "—"],
          ] as [string, ReactNode][]
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-ink" data-testid={`person-${label.toLowerCase().replaceAll(" ", "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          {children ? <div className="mb-6 space-y-4">{children}</div> : null}
          <h3 className="mb-3 text-base font-semibold">Timeline</h3>
          <ol className="space-y-4 border-l-2 border-slate-200 pl-4" aria-label="Timeline">
            {timeline.map((item) => (
              <li key={item.key} className="min-w-0">
                <TimelineEntry item={item} actionData={actionData} />
              </li>
            ))}
          </ol>
        </div>
        <aside className="space-y-4">
          <Panel title="Pipeline">
            <StatusForm key={version} data={data} lastResult={resultFor(actionData, "status")} />
          </Panel>
          <Panel title="Owner">
            <OwnerForm key={version} data={data} lastResult={resultFor(actionData, "owner")} />
          </Panel>
          <Panel title="Due date">
            <DueForm key={version} data={data} lastResult={resultFor(actionData, "due")} />
          </Panel>
          <Panel title="Notes">
            <NoteAddForm key={version} lastResult={resultFor(actionData, "note-add")} noteKey={data.noteKey} />
          </Panel>
        </aside>
      </div>
    </section>
  );
}
