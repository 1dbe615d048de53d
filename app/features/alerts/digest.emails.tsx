/**
 * The daily digest to the team address: who is overdue and who is due today,
 * in the team's time zone, each linking to their page in the admin. Sent every
 * day it is on, also when nobody is listed (it says so plainly): a day without
 * the email then means something is wrong, not that all is well (ADR 0013).
 */
import { z } from "zod";
import { defineEmailTemplate, type EmailContext } from "~/email/template";
import { personFormLabel } from "~/lib/people";
import { formatInZone } from "~/lib/time-zone";

/** People listed per section at most; the total says how many more, and links to the full list. */
export const DIGEST_LIST_MAX = 50;

const LEADS = "/admin/dashboard/leads";

const digestPerson = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  form: z.string(),
  dueAt: z.number(),
});
export type DigestPerson = z.infer<typeof digestPerson>;

const section = z.object({ total: z.number().int().nonnegative(), people: z.array(digestPerson) });

/** A call booked on the scheduler for today (ADR 0024). */
const digestCall = z.object({ personId: z.string(), name: z.string().nullable(), email: z.string(), startAt: z.number() });
export type DigestCall = z.infer<typeof digestCall>;

const digestPayload = z.object({
  /** The local date (YYYY-MM-DD) in the zone, and the zone. */
  localDate: z.string(),
  timeZone: z.string(),
  overdue: section,
  dueToday: section,
  /** Today's calls (not cancelled), earliest first; missing in digests written before calls were listed. */
  calls: z.array(digestCall).default([]),
});
export type DigestPayload = z.infer<typeof digestPayload>;

/** `2026-11-24` → `Tuesday, 24 November 2026` (a date, so read in UTC). */
function longDate(localDate: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(`${localDate}T00:00:00Z`),
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const who = (p: Pick<DigestPerson, "name" | "email"> & { company?: string | null }) =>
  [p.name, p.email, p.company].filter(Boolean).join(" · ");
const time = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
const personUrl = (ctx: EmailContext, id: string) => `${ctx.siteUrl}${LEADS}/${encodeURIComponent(id)}`;
const listUrl = (ctx: EmailContext, due: "overdue" | "today") => `${ctx.siteUrl}${LEADS}?due=${due}`;

const SECTIONS = [
  { key: "overdue", due: "overdue", title: "Overdue", none: "Nobody is overdue.", dueWord: "was due" },
  { key: "dueToday", due: "today", title: "Due today", none: "Nobody is due today.", dueWord: "due" },
] as const;

export const digestEmail = defineEmailTemplate({
  kind: "team-daily-digest",
  // The team's own email: its visits to the site are not leads (ADR 0022).
  campaignLinks: false,
  schema: digestPayload,
  subject: (p) =>
    `Daily digest, ${longDate(p.localDate)}: ${plural(p.overdue.total, "person", "people")} overdue, ${p.dueToday.total} due today`,
  preview: (p) =>
    p.overdue.total + p.dueToday.total === 0
      ? "Nobody is overdue or due today."
      : `${plural(p.overdue.total, "person", "people")} overdue and ${p.dueToday.total} due today.`,
  html: (p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 8px" }}>Daily digest</h1>
      <p style={{ margin: "0 0 16px", color: "#64748b" }}>
        {longDate(p.localDate)}, times in {p.timeZone}
      </p>
      <div style={{ marginBottom: 24 }}>
        <h2 style={{ fontSize: 17, margin: "0 0 8px" }}>Calls today ({p.calls.length})</h2>
        {p.calls.length === 0 ? (
          <p>No calls today.</p>
        ) : (
          <ul style={{ paddingLeft: 20, margin: 0 }}>
            {p.calls.map((call) => (
              <li key={`${call.personId}-${call.startAt}`} style={{ marginBottom: 8 }}>
                {time(call.startAt, p.timeZone)} <a href={personUrl(ctx, call.personId)}>{who(call)}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {SECTIONS.map((s) => {
        const list = p[s.key];
        return (
          <div key={s.key} style={{ marginBottom: 24 }}>
            <h2 style={{ fontSize: 17, margin: "0 0 8px" }}>
              {s.title} ({list.total})
            </h2>
            {list.total === 0 ? (
              <p>{s.none}</p>
            ) : (
              <>
                <ul style={{ paddingLeft: 20, margin: 0 }}>
                  {list.people.map((person) => (
                    <li key={person.id} style={{ marginBottom: 8 }}>
                      <a href={personUrl(ctx, person.id)}>{who(person)}</a>
                      <br />
                      <span style={{ color: "#64748b" }}>
                        {personFormLabel(person.form)} · {s.dueWord} {formatInZone(person.dueAt, p.timeZone)}
                      </span>
                    </li>
                  ))}
                </ul>
                {list.total > list.people.length ? (
                  <p>
                    And {list.total - list.people.length} more: <a href={listUrl(ctx, s.due)}>see them all in the Leads list</a>.
                  </p>
                ) : null}
              </>
            )}
          </div>
        );
      })}
      <p>
        <a href={`${ctx.siteUrl}/admin/dashboard`}>Open the dashboard</a>
      </p>
    </>
  ),
  text: (p, ctx) =>
    [
      `Daily digest, ${longDate(p.localDate)} (times in ${p.timeZone})`,
      "",
      `Calls today (${p.calls.length})`,
      ...(p.calls.length === 0
        ? ["No calls today."]
        : p.calls.map((call) => `- ${time(call.startAt, p.timeZone)} ${who(call)}: ${personUrl(ctx, call.personId)}`)),
      ...SECTIONS.flatMap((s) => {
        const list = p[s.key];
        return [
          "",
          `${s.title} (${list.total})`,
          ...(list.total === 0
            ? [s.none]
            : [
                ...list.people.map(
                  (person) =>
                    `- ${who(person)}, ${personFormLabel(person.form)}, ${s.dueWord} ${formatInZone(person.dueAt, p.timeZone)}: ${personUrl(ctx, person.id)}`,
                ),
                ...(list.total > list.people.length ? [`And ${list.total - list.people.length} more: ${listUrl(ctx, s.due)}`] : []),
              ]),
        ];
      }),
      "",
      `Open the dashboard: ${ctx.siteUrl}/admin/dashboard`,
    ].join("\n"),
});
