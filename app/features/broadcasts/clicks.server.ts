/**
 * Clicks on a broadcast's links (ADR 0025): every link of a broadcast's email goes through the site's own redirect,
 * `/r/{broadcast}.{recipient}.{link}.{MAC}`. The token names the broadcast, the recipient (their outbox row, whose id
 * is `b-<broadcast>-<recipient>`) and the link by its place in the broadcast's links, signed with a truncated HMAC
 * under the `click` key purpose (ADR 0017). The redirect reads the link from the broadcast itself, so it only ever
 * leads to one of that broadcast's links: never an open redirect. A click is stored once per broadcast, link and
 * recipient, its clicks counted apart for people and for link-scanning bots.
 */
import { isBot } from "~/lib/bots";
import { constantTimeEqualText } from "~/lib/crypto.server";
import { macsFor, signFor } from "~/lib/keys.server";
import { emailLink } from "~/lib/visit-source";
import { BROADCAST_KIND, broadcastBody, parseSections } from "./body";

/** The redirect's path. */
export const CLICK_PATH = "/r";
const MAC_CHARS = 22;
const PART = /^[A-Za-z0-9_-]{1,80}$/;
/**
 * A click this soon after the email was handed to the provider (or before its delivery was even recorded) is a
 * machine: mailbox providers' and corporate gateways' link scanners open every link of a message as it arrives.
 */
export const BOT_WINDOW_MS = 10_000;

/** The outbox row of a broadcast's recipient: `b-<broadcast id>-<ref>`. */
export const recipientRowId = (broadcastId: string, ref: string) => `b-${broadcastId}-${ref}`;

/** A recipient's reference in a token: their outbox row's id without the broadcast's prefix (null for another shape). */
export function recipientRef(broadcastId: string, rowId: string): string | null {
  const prefix = `b-${broadcastId}-`;
  const ref = rowId.startsWith(prefix) ? rowId.slice(prefix.length) : "";
  return PART.test(ref) ? ref : null;
}

/**
 * The broadcast's links, in order, each once: every http(s) `href` of its rendered body (the one content renderer's
 * markup, links made absolute), then the "read on the site" link. The redirect and the email make the same list from
 * the broadcast's frozen content, so a link's number means the same in both.
 */
export function linksOf(bodyHtml: string, readOnUrl: string | null): string[] {
  const links = [...bodyHtml.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  if (readOnUrl) links.push(readOnUrl);
  return [...new Set(links.filter((l) => /^https?:\/\//i.test(l)))];
}

const message = (broadcastId: string, ref: string, index: number) => `${broadcastId}.${ref}.${index}`;

/** The token of one link for one recipient. */
export async function clickToken(env: Env, broadcastId: string, ref: string, index: number): Promise<string> {
  const text = message(broadcastId, ref, index);
  return `${text}.${(await signFor(env, "click", text)).slice(0, MAC_CHARS)}`;
}

/** What a token names, or null when it is malformed or its MAC is not one of the keys accepted for `click`. */
export async function readClickToken(env: Env, token: string): Promise<{ broadcastId: string; ref: string; index: number } | null> {
  const parts = token.split(".");
  if (parts.length !== 4 || token.length > 300) return null;
  const [broadcastId, ref, indexText, mac] = parts as [string, string, string, string];
  if (!PART.test(broadcastId) || !PART.test(ref) || !/^\d{1,3}$/.test(indexText) || mac.length !== MAC_CHARS) return null;
  const index = Number(indexText);
  let match = false;
  for (const m of await macsFor(env, "click", message(broadcastId, ref, index)))
    match = constantTimeEqualText(m.slice(0, MAC_CHARS), mac) || match;
  return match ? { broadcastId, ref, index } : null;
}

/** One recipient's copy of a broadcast's body: each of its links replaced by the recipient's redirect. */
export interface TrackedBody {
  html: string;
  text: string;
  readOnUrl: string | null;
}

/**
 * Rewrites the links of a body for one recipient (the template's `prepare`, once per recipient: string replacements
 * and one HMAC per link). A row of another shape keeps its links as they are.
 */
export async function trackedBody(
  env: Env,
  { broadcastId, rowId, links, body }: { broadcastId: string; rowId: string; links: string[]; body: TrackedBody },
): Promise<TrackedBody> {
  const ref = recipientRef(broadcastId, rowId);
  if (!ref || links.length === 0) return body;
  const site = env.SITE_URL.replace(/\/+$/, "");
  const tracked = new Map<string, string>();
  await Promise.all(links.map(async (link, i) => tracked.set(link, `${site}${CLICK_PATH}/${await clickToken(env, broadcastId, ref, i)}`)));
  const html = body.html.replace(/href="([^"]*)"/g, (whole, raw: string) => {
    const to = tracked.get(raw.replaceAll("&amp;", "&"));
    return to ? `href="${to}"` : whole;
  });
  // The plain-text part writes links as `label (url)`: each URL that is one of the links, punctuation after it kept.
  const text = body.text.replace(/https?:\/\/[^\s<>"']+/g, (found) => {
    const trail = /[.,;:!?)]+$/.exec(found)?.[0] ?? "";
    const url = found.slice(0, found.length - trail.length);
    return (tracked.get(url) ?? url) + trail;
  });
  return { html, text, readOnUrl: body.readOnUrl ? (tracked.get(body.readOnUrl) ?? body.readOnUrl) : null };
}

export type ClickResult = { status: "redirect"; url: string } | { status: "invalid" } | { status: "not-in-broadcast" };

/** Whether a click looks like a link scanner's: a bot's user agent (or none), a HEAD, or too soon after delivery. */
export function isScannerClick({
  userAgent,
  method,
  sentAt,
  now,
}: {
  userAgent: string | null;
  method: string;
  sentAt: number | null;
  now: number;
}) {
  return !userAgent || isBot(userAgent) || method === "HEAD" || sentAt === null || now - sentAt < BOT_WINDOW_MS;
}

/**
 * A click: the token checked, the link read from the broadcast, the click stored (once per broadcast, link and
 * recipient; a repeated click adds to its count), and where to send the reader (the site's own links tagged as a
 * visit from the email, ADR 0022). Two round trips: the broadcast with the recipient's row, then the upsert.
 */
export async function recordClick(
  env: Env,
  token: string,
  { userAgent, method, now = Date.now() }: { userAgent: string | null; method: string; now?: number },
): Promise<ClickResult> {
  const named = await readClickToken(env, token);
  if (!named) return { status: "invalid" };
  const row = await env.DB.prepare(
    `SELECT b.id, b.sections, b.post_slug, o.recipient, o.sent_at
     FROM broadcasts b LEFT JOIN email_outbox o ON o.id = ?2 AND o.broadcast_id = b.id
     WHERE b.id = ?1`,
  )
    .bind(named.broadcastId, recipientRowId(named.broadcastId, named.ref))
    .first<{ id: string; sections: string; post_slug: string | null; recipient: string | null; sent_at: number | null }>();
  if (!row) return { status: "invalid" };
  const body = broadcastBody(env.SITE_URL, parseSections(row.sections), row.post_slug);
  const url = linksOf(body.html, body.readOnUrl)[named.index];
  if (!url) return { status: "not-in-broadcast" };
  // An erased recipient's row is gone: the link still works, and nothing is stored about them.
  if (row.recipient) {
    const bot = isScannerClick({ userAgent, method, sentAt: row.sent_at, now }) ? 1 : 0;
    await env.DB.prepare(
      `INSERT INTO broadcast_clicks (broadcast_id, url, recipient, human_clicks, bot_clicks, first_clicked_at, last_clicked_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
       ON CONFLICT (broadcast_id, url, recipient) DO UPDATE SET human_clicks = human_clicks + excluded.human_clicks,
         bot_clicks = bot_clicks + excluded.bot_clicks, last_clicked_at = excluded.last_clicked_at`,
    )
      .bind(row.id, url, row.recipient, 1 - bot, bot, now)
      .run();
  }
  return { status: "redirect", url: emailLink(url, env.SITE_URL, BROADCAST_KIND) };
}

export const CLICK_MESSAGES = {
  invalid: "This link is not valid. It may have been copied incompletely.",
  notInBroadcast: "This link does not lead anywhere: it is not one of this newsletter's links.",
} as const;
