/**
 * A broadcast's emails checked at send time (the template's `prepare`, ADR 0025), a batch at once in one D1 round
 * trip (two statements): the broadcast (paused: the batch is held; cancelled or gone: skipped) and each address's
 * standing (still a confirmed subscriber, not unsubscribed, not erased, not suppressed). A skipped email keeps its
 * reason, which the broadcast's stats count.
 */
import type { BroadcastRow } from "~/db/schema";
import { UNSUBSCRIBED_ERROR } from "~/email/policy";
import type { PrepareRow, PreparedRows } from "~/email/template";

export const SKIP_REASONS = {
  unsubscribed: UNSUBSCRIBED_ERROR,
  unconfirmed: "Not sent: the address is no longer a confirmed subscriber",
  erased: "Not sent: the address was erased or left the list",
  suppressed: "Not sent: the address is suppressed (a hard bounce or a complaint)",
  cancelled: "Not sent: the broadcast was cancelled",
} as const;

/** What a broadcast's email renders: the broadcast's content, as frozen when sending started. */
export interface BroadcastPayload extends Record<string, unknown> {
  broadcastId: string;
  subject: string;
  preheader: string;
  title: string;
  intro: string;
  sections: unknown[];
  /** The post on the site ("read on the site"), or null for a written broadcast. */
  readOnUrl: string | null;
  /** The sections as the email's HTML and text, rendered once per batch (`renderSections`), not once per recipient. */
  bodyHtml: string;
  bodyText: string;
}

type Standing = { id: string; sub_status: string | null; suppressed: number };

/**
 * The template's check. `renderSections` makes a broadcast's body once for the batch (the content renderer is the
 * costliest part of an email: rendering it per recipient would multiply a batch's CPU by its size).
 */
export async function prepareBroadcastRows(
  env: Env,
  rows: PrepareRow[],
  renderSections: (sections: unknown[], siteUrl: string) => { html: string; text: string },
): Promise<PreparedRows<BroadcastPayload>> {
  const ids = [...new Set(rows.map((r) => String(r.payload.broadcastId ?? "")))];
  const [found, standing] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `SELECT id, subject, preheader, title, intro, sections, post_slug, status
       FROM broadcasts WHERE id IN (SELECT value FROM json_each(?1))`,
    ).bind(JSON.stringify(ids)),
    env.DB.prepare(
      `SELECT r.value ->> '$[0]' AS id,
         (SELECT status FROM newsletter_subscribers WHERE lower(trim(email)) = r.value ->> '$[1]') AS sub_status,
         EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = r.value ->> '$[1]') AS suppressed
       FROM json_each(?1) r`,
    ).bind(JSON.stringify(rows.map((r) => [r.id, r.recipient.trim().toLowerCase()]))),
  ]);
  const byId = new Map((found?.results ?? []).map((b) => [String(b.id), b]));
  const standings = new Map(((standing?.results ?? []) as Standing[]).map((s) => [s.id, s]));
  const site = env.SITE_URL.replace(/\/+$/, "");
  const skip = new Map<string, string>();
  const payloads = new Map<string, BroadcastPayload>();
  let hold = false;
  const bodies = new Map<string, { html: string; text: string }>();
  const bodyOf = (b: Record<string, unknown>) => {
    const id = String(b.id);
    if (!bodies.has(id)) bodies.set(id, renderSections(parseSections(b.sections), site));
    return bodies.get(id)!;
  };
  for (const row of rows) {
    const b = byId.get(String(row.payload.broadcastId ?? ""));
    const s = standings.get(row.id);
    const status = b?.status as BroadcastRow["status"] | undefined;
    if (status === "paused") hold = true;
    else if (!b || status === "cancelled" || status === "draft" || status === "scheduled") skip.set(row.id, SKIP_REASONS.cancelled);
    else if (!s || s.sub_status === null) skip.set(row.id, SKIP_REASONS.erased);
    else if (s.sub_status === "unsubscribed") skip.set(row.id, SKIP_REASONS.unsubscribed);
    else if (s.sub_status !== "confirmed") skip.set(row.id, SKIP_REASONS.unconfirmed);
    else if (s.suppressed) skip.set(row.id, SKIP_REASONS.suppressed);
    else
      payloads.set(row.id, {
        broadcastId: String(b.id),
        subject: String(b.subject),
        preheader: String(b.preheader),
        title: String(b.title),
        intro: String(b.intro),
        sections: parseSections(b.sections),
        readOnUrl: b.post_slug ? `${site}/blog/${String(b.post_slug)}` : null,
        bodyHtml: bodyOf(b).html,
        bodyText: bodyOf(b).text,
      });
  }
  // A paused broadcast holds the whole batch: resuming queues it again, and the checks run then.
  return hold ? { hold: true, skip: new Map(), payloads: new Map() } : { skip, payloads };
}

function parseSections(value: unknown): unknown[] {
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
