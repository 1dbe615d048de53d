/**
 * A broadcast's emails checked at send time (the template's `prepare`, ADR 0025), a batch at once in one D1 round
 * trip (two statements): the broadcast (paused: the batch is held; cancelled or gone: skipped) and each address's
 * standing (still a confirmed subscriber, not unsubscribed, not erased, not suppressed). A skipped email keeps its
 * reason, which the broadcast's stats count.
 */
import type { BroadcastRow } from "~/db/schema";
import { UNSUBSCRIBED_ERROR } from "~/email/policy";
import type { PrepareRow, PreparedRows } from "~/email/template";
import { broadcastBody, parseSections } from "./body";
import { linksOf, trackedBody } from "./clicks.server";
import { webVersionUrl } from "./web-version.server";

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
  /** The post on the site ("read on the site"), or null for a written broadcast: through the recipient's click redirect. */
  readOnUrl: string | null;
  /**
   * The sections as the email's HTML and text, rendered once per batch, not once per recipient; each recipient's copy
   * has its links through their click redirect (clicks.server.ts).
   */
  bodyHtml: string;
  bodyText: string;
  /** The web version (/newsletter/{slug}) when the admin chose one: the email's "View in browser" link. */
  webVersionUrl: string | null;
}

type Standing = { id: string; sub_status: string | null; suppressed: number };

/**
 * The template's check. A broadcast's body is rendered once for the batch (the content renderer is the costliest part
 * of an email: rendering it per recipient would multiply a batch's CPU by its size); each recipient's copy then only
 * has its links replaced by their click redirect.
 */
export async function prepareBroadcastRows(env: Env, rows: PrepareRow[]): Promise<PreparedRows<BroadcastPayload>> {
  const ids = [...new Set(rows.map((r) => String(r.payload.broadcastId ?? "")))];
  const [found, standing] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `SELECT id, subject, preheader, title, intro, sections, post_slug, status, slug, web_version
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
  const bodies = new Map<string, ReturnType<typeof broadcastBody> & { links: string[] }>();
  const bodyOf = (b: Record<string, unknown>) => {
    const id = String(b.id);
    if (!bodies.has(id)) {
      const body = broadcastBody(site, parseSections(b.sections), b.post_slug ? String(b.post_slug) : null);
      bodies.set(id, { ...body, links: linksOf(body.html, body.readOnUrl) });
    }
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
    else {
      const body = bodyOf(b);
      const tracked = await trackedBody(env, { broadcastId: String(b.id), rowId: row.id, links: body.links, body });
      payloads.set(row.id, {
        broadcastId: String(b.id),
        subject: String(b.subject),
        preheader: String(b.preheader),
        title: String(b.title),
        intro: String(b.intro),
        sections: parseSections(b.sections),
        readOnUrl: tracked.readOnUrl,
        bodyHtml: tracked.html,
        bodyText: tracked.text,
        webVersionUrl: b.web_version ? webVersionUrl(site, String(b.slug)) : null,
      });
    }
  }
  // A paused broadcast holds the whole batch: resuming queues it again, and the checks run then.
  return hold ? { hold: true, skip: new Map(), payloads: new Map() } : { skip, payloads };
}
