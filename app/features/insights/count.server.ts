/**
 * Counting page views without cookies (ADR 0023), the fetch side. For each served public page the Worker decides,
 * from the request and the response alone (no D1, no KV), whether it is a view (`pageViewOf`), then, after the
 * response (`ctx.waitUntil`), computes the day's visitor hash and puts the view on VIEWS_QUEUE (`sendView`), with the
 * isolate's other views of the next VIEW_FLUSH_MS in one `sendBatch`.
 *
 * Left out: other methods than GET, anything but an HTML page of a public route with status 200 (assets, Remix data
 * requests, feeds, the sitemap, errors), bots (`isbot`, or no user agent), prefetches (`Sec-Purpose: prefetch`,
 * `Purpose: prefetch`) and requests that carry an admin's session cookie. With JavaScript, the pages after the first
 * arrive as data requests: the browser counts each of them, and the lead-magnet popup when shown, with a beacon to
 * VIEW_BEACON_PATH (`beaconViewOf`), counted the same way.
 *
 * Recorded: the path (no query), the channel (app/lib/visit-source.ts), the source (utm_source, else the referrer's
 * host, never its URL), the campaign (utm_campaign), the country (request.cf) and the device class (from the user
 * agent). The visitor is SHA-256(the day's salt, the site, the address, the user agent), cut to 128 bits: the
 * address and the user agent never leave the request.
 */
import { isBot } from "~/lib/bots";
import { SITE_COOKIES } from "~/lib/cookies.server";
import { clientIp, readBodyCapped } from "~/lib/request.server";
import { classifyChannel, cleanHost, cleanUtm, type SourceChannel } from "~/lib/visit-source";
import { loggable } from "~/lib/log.server";
import { QUEUE_BATCH_CAP, queueBuffer } from "~/lib/queue-buffer.server";
export { VIEW_BEACON_PATH } from "~/lib/view-beacon";
import { daySalt, utcDay } from "./salt.server";
import { POPUP_PATHS, type PageViewMessage } from "./views";

/** The longest path counted; a longer one is cut (paths of public pages are short). */
const PATH_CAP = 300;

export type Device = "mobile" | "tablet" | "desktop";

/** The device class of a user agent: tablets first (an iPad, an Android without "Mobile"), then phones. */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** A view before its visitor hash: what the request says, nothing personal. */
export type ViewDraft = Omit<PageViewMessage, "kind" | "id" | "visitor" | "day">;

/** An admin's session cookie (or one half signed in), compiled once per isolate. */
const ADMIN_COOKIE = new RegExp(`(^|;\\s*)(${SITE_COOKIES.adminSession.name}|${SITE_COOKIES.adminPending.name})=`);
const PREFETCH = /prefetch|prerender/i;

/**
 * Whether the request is one no count should include: a prefetch, a signed-in admin, a bot. The cheap header tests
 * come first; `isbot` (one large pattern) runs only for a request that passed them.
 */
export function notCounted(request: Request): boolean {
  const userAgent = request.headers.get("User-Agent");
  if (!userAgent) return true;
  const headers = request.headers;
  if (PREFETCH.test(`${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""} ${headers.get("X-Moz") ?? ""}`)) return true;
  if (ADMIN_COOKIE.test(headers.get("Cookie") ?? "")) return true;
  return isBot(userAgent);
}

function countedPath(pathname: string): string | null {
  if (!pathname.startsWith("/") || pathname.startsWith("//") || /\s/.test(pathname)) return null;
  return pathname.slice(0, PATH_CAP);
}

/** The source of a view: its channel, the campaign's source or the referrer's host, and the campaign. */
function sourceOf(query: URLSearchParams, referer: string | null, site: URL): { channel: SourceChannel; source: string; campaign: string } {
  let referrerHost: string | null = null;
  if (referer) {
    try {
      referrerHost = cleanHost(new URL(referer).hostname);
    } catch {
      referrerHost = null;
    }
  }
  const external = referrerHost && referrerHost !== site.hostname ? referrerHost : null;
  return {
    channel: classifyChannel({ query, referrerHost, siteHost: site.hostname }),
    source: cleanUtm(query.get("utm_source")) ?? external ?? "",
    campaign: cleanUtm(query.get("utm_campaign")) ?? "",
  };
}

function draftOf(request: Request, site: URL, path: string, query: URLSearchParams, referer: string | null): ViewDraft {
  const cf = request.cf as { country?: unknown } | undefined;
  const country = typeof cf?.country === "string" && /^[A-Z0-9]{2}$/.test(cf.country) ? cf.country : "";
  return {
    path,
    ...sourceOf(query, referer, site),
    country,
    device: deviceOf(request.headers.get("User-Agent") ?? ""),
  };
}

/**
 * The view a served page makes, or null when it is none. `publicPage`: the path is a public route's (one that
 * declares the edge cache), so admin pages, token links and resource routes are never counted.
 */
export function pageViewOf(request: Request, response: Response, publicPage: boolean): ViewDraft | null {
  if (!publicPage || request.method !== "GET" || response.status !== 200) return null;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return null;
  if (notCounted(request)) return null;
  const url = new URL(request.url);
  const path = countedPath(url.pathname);
  return path ? draftOf(request, url, path, url.searchParams, request.headers.get("Referer")) : null;
}

/**
 * A beacon's view (a POST of `p`: the page's path and query, and `k`: "popup" when the lead-magnet popup was
 * shown), or null. `isPublicPage` says whether a path is a public route's. The page's own Referer is the site, so
 * the view takes the visit's source from its first view of the day, unless its query carries campaign tags.
 */
export async function beaconViewOf(request: Request, isPublicPage: (pathname: string) => boolean): Promise<ViewDraft | null> {
  if (request.method !== "POST" || notCounted(request)) return null;
  const bytes = await readBodyCapped(request, 2000).catch(() => null);
  if (!bytes) return null;
  const text = new TextDecoder().decode(bytes);
  const form = new URLSearchParams(text);
  let url: URL;
  try {
    url = new URL(form.get("p") ?? "", request.url);
  } catch {
    return null;
  }
  const site = new URL(request.url);
  if (url.origin !== site.origin) return null;
  const path = countedPath(url.pathname);
  if (!path || !isPublicPage(path)) return null;
  const popup = form.get("k") === "popup";
  return draftOf(request, site, popup ? POPUP_PATHS.leadMagnet : path, url.searchParams, url.origin);
}

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** The visitor of a request on `day`: a hex SHA-256 of the day's salt, the site, the address and the user agent. */
export async function visitorHash(salt: string, site: string, request: Request): Promise<string> {
  const input = `${salt}\n${site}\n${clientIp(request)}\n${request.headers.get("User-Agent") ?? ""}`;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(input)));
  let hex = "";
  for (let i = 0; i < 16; i++) hex += HEX[digest[i]!];
  return hex;
}

/** The site's host, read once per isolate (SITE_URL does not change while it lives). */
let siteHost: { url: string; host: string } | null = null;
const hostOf = (siteUrl: string) =>
  siteHost?.url === siteUrl ? siteHost.host : (siteHost = { url: siteUrl, host: new URL(siteUrl).host }).host;

/** How long a view waits in the isolate for others to go with it to the queue (one `sendBatch`). */
export const VIEW_FLUSH_MS = 500;
/** At most this many views per `sendBatch` (a view is under 1 KB, so 100 are under Queues' 256 KB). */
export const VIEW_BATCH_CAP = QUEUE_BATCH_CAP;

/** The isolate's views not yet sent. */
const buffered = queueBuffer<PageViewMessage>({ flushMs: VIEW_FLUSH_MS, what: "page views" });

/**
 * Puts a view on VIEWS_QUEUE, after the response (the caller's `waitUntil`), through the isolate's buffer: views
 * within VIEW_FLUSH_MS of each other go in one `sendBatch`. The salt is the isolate's copy of the day's (one D1 read
 * per isolate and day). The first view of a buffer resolves once the buffer is sent; the others once they are in it.
 * A failure loses this view only, or a failed send the buffer's.
 */
export async function sendView(env: Env, request: Request, draft: ViewDraft, now = Date.now()): Promise<void> {
  let flushed: Promise<void> | null = null;
  try {
    const day = utcDay(now);
    const salt = await daySalt(env.DB, day);
    const visitor = await visitorHash(salt, hostOf(env.SITE_URL), request);
    const message = { kind: "page-view", id: crypto.randomUUID(), day, visitor, ...draft } satisfies PageViewMessage;
    flushed = buffered(env.VIEWS_QUEUE, message);
  } catch (error) {
    console.error("Counting a page view failed", loggable(error));
  }
  await flushed;
}
