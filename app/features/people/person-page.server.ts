/** The person page: their details and their timeline (submissions, emails, events, notes), read in one D1 batch. */
import type { MeetingStatus } from "~/db/schema";
import { meetingStatusLabel } from "~/features/meetings";
import { formatDateTime } from "~/lib/format";
import { personFormLabel, type PersonForm } from "~/lib/people";
import { statusLabel } from "./people.options";
import { ADMINS_SQL, type AdminOption, type PersonCore } from "./people-list.server";
import { submissionSections, type SubmissionSection } from "./submissions";

export interface PersonDetail extends PersonCore {
  owner_id: string | null;
  first_form: string;
  created_at: number;
  first_utm_medium: string | null;
}

export type TimelineItem =
  | { type: "submission"; key: string; at: number; form: PersonForm; title: string; sections: SubmissionSection[] }
  | { type: "email"; key: string; at: number; subject: string; status: string; sentAt: number | null; lastError: string | null }
  | { type: "event"; key: string; at: number; actor: string; text: string; detail: string | null }
  | { type: "note"; key: string; at: number; id: string; actor: string; body: string; edited: number | null; mine: boolean }
  | {
      type: "meeting";
      key: string;
      at: number;
      id: string;
      provider: string;
      status: MeetingStatus;
      startAt: number;
      endAt: number;
      inviteeName: string | null;
      inviteeEmail: string;
      answers: { question: string; answer: string }[];
    };

export interface PersonPageData {
  person: PersonDetail;
  timeline: TimelineItem[];
  admins: AdminOption[];
  now: number;
  /** The id the next note added on this page takes: a doubled or retried "Add note" stores one note. */
  noteKey: string;
}

type Rec = Record<string, unknown> & { id: string; at: number };
const linked = (forms: string) =>
  `JOIN person_submissions s ON s.record_id = t.id AND s.form IN (${forms}) WHERE s.person_id = ?1 ORDER BY at LIMIT 500`;

/** Everything the person page shows, in one D1 batch (one round trip): 13 statements. */
export async function loadPerson(db: D1Database, id: string, adminId: string, now = Date.now()): Promise<PersonPageData | null> {
  const q = (sql: string) => db.prepare(sql).bind(id);
  const results = await db.batch([
    q(`SELECT p.id, p.email, p.name, p.company, p.app, p.status, p.lost_reason, p.owner_id, u.email AS owner_email, p.due_at,
              p.first_form, p.created_at, p.last_seen_at, p.first_channel, p.first_referrer_host, p.first_utm_source,
              p.first_utm_medium, p.first_utm_campaign, p.first_landing_page
         FROM people p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ?1`),
    q(`SELECT t.id, t.updated_at AS at, t.form_data FROM onboarding_submissions t ${linked("'onboarding'")}`),
    q(
      `SELECT t.id, t.created_at AS at, s.form, t.first_name, t.app_url, t.phone, t.page FROM lead_magnet_submissions t ${linked("'lead-magnet', 'landing', 'checklist'")}`,
    ),
    q(`SELECT t.id, t.created_at AS at, t.first_name, t.company, t.access_timing FROM premium_access_requests t ${linked("'premium'")}`),
    q(`SELECT t.id, t.created_at AS at, t.name, t.company, t.message FROM contact_messages t ${linked("'contact'")}`),
    q(`SELECT t.id, t.created_at AS at FROM waitlist_entries t ${linked("'waitlist'")}`),
    q(`SELECT t.id, t.created_at AS at FROM newsletter_subscribers t ${linked("'newsletter'")}`),
    q(
      `SELECT t.id, t.created_at AS at, t.title, t.question, t.category, t.status, t.slug, t.submitter_name FROM qa_submissions t ${linked("'question'")}`,
    ),
    q(`SELECT id, created_at AS at, subject, status, sent_at, last_error FROM email_outbox
        WHERE recipient = (SELECT email FROM people WHERE id = ?1) AND channel = 'email' ORDER BY created_at LIMIT 500`),
    q(
      `SELECT id, created_at AS at, kind, from_value, to_value, detail, actor FROM person_events WHERE person_id = ?1 ORDER BY created_at LIMIT 500`,
    ),
    q(
      `SELECT id, created_at AS at, updated_at, author_id, author_email, body FROM person_notes WHERE person_id = ?1 ORDER BY created_at LIMIT 500`,
    ),
    db.prepare(ADMINS_SQL),
    q(
      `SELECT id, created_at AS at, provider, status, start_at, end_at, invitee_name, invitee_email, answers FROM meetings
        WHERE person_id = ?1 ORDER BY start_at LIMIT 100`,
    ),
  ]);
  const [personRows, onboarding, magnets, premium, contact, waitlist, newsletter, questions, emails, events, notes, admins, meetings] =
    results.map((r) => r.results as Rec[]);
  const person = personRows![0] as unknown as PersonDetail | undefined;
  if (!person) return null;

  const submission = (form: PersonForm, r: Rec): TimelineItem => ({
    type: "submission",
    key: `${form}-${r.id}`,
    at: r.at,
    form,
    title: personFormLabel(form),
    sections: submissionSections(form, r),
  });
  const timeline: TimelineItem[] = [
    ...onboarding!.map((r) => submission("onboarding", r)),
    ...magnets!.map((r) => submission(r.form as PersonForm, r)),
    ...premium!.map((r) => submission("premium", r)),
    ...contact!.map((r) => submission("contact", r)),
    ...waitlist!.map((r) => submission("waitlist", r)),
    ...newsletter!.map((r) => submission("newsletter", r)),
    ...questions!.map((r) => submission("question", r)),
    ...emails!.map((r): TimelineItem => ({
      type: "email",
      key: `email-${r.id}`,
      at: r.at,
      subject: String(r.subject),
      status: String(r.status),
      sentAt: (r.sent_at as number | null) ?? null,
      lastError: (r.last_error as string | null) ?? null,
    })),
    ...events!.map((r): TimelineItem => ({ type: "event", key: `event-${r.id}`, at: r.at, actor: String(r.actor), ...eventText(r) })),
    ...notes!.map((r): TimelineItem => ({
      type: "note",
      key: `note-${r.id}`,
      at: r.at,
      id: r.id,
      actor: String(r.author_email),
      body: String(r.body),
      edited: (r.updated_at as number) > r.at ? (r.updated_at as number) : null,
      mine: r.author_id === adminId,
    })),
    ...meetings!.map((r): TimelineItem => ({
      type: "meeting",
      key: `meeting-${r.id}`,
      at: r.at,
      id: r.id,
      provider: String(r.provider),
      status: r.status as MeetingStatus,
      startAt: r.start_at as number,
      endAt: r.end_at as number,
      inviteeName: (r.invitee_name as string | null) ?? null,
      inviteeEmail: String(r.invitee_email),
      answers: parseAnswers(r.answers),
    })),
  ].sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));
  return { person, timeline, admins: admins as unknown as AdminOption[], now, noteKey: crypto.randomUUID() };
}

const dueText = (v: unknown) => (v === null || v === undefined || v === "" ? "none" : formatDateTime(Number(v)));

function eventText(r: Rec): { text: string; detail: string | null } {
  const from = r.from_value as string | null;
  const to = r.to_value as string | null;
  const detail = (r.detail as string | null) ?? null;
  switch (r.kind) {
    case "status":
      return { text: `Status: ${from ? statusLabel(from) : "—"} → ${to ? statusLabel(to) : "—"}`, detail };
    case "owner":
      return { text: `Owner: ${from ?? "nobody"} → ${to ?? "nobody"}`, detail };
    case "meeting":
      // From the scheduler or an admin's mark: the call's start, and the meeting's state.
      return { text: `Call ${meetingStatusLabel(to ?? "").toLowerCase()}: ${from ? formatDateTime(Number(from)) : "—"}`, detail };
    default:
      return { text: `Due date: ${dueText(from)} → ${dueText(to)}`, detail };
  }
}

/** A meeting's answers as stored (a JSON array of { question, answer }); anything else reads as none. */
function parseAnswers(value: unknown): { question: string; answer: string }[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed)
      ? parsed.filter((a): a is { question: string; answer: string } => typeof a?.question === "string" && typeof a?.answer === "string")
      : [];
  } catch {
    return [];
  }
}
