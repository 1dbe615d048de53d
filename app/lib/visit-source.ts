/**
 * Where a visit came from (ADR 0022): the pure rules that turn a landing page's query, the referrer's host and the
 * site's own host into a channel, and the sanitising of every value a browser sends about it. In `lib/` because the
 * edge gateway (the per-visitor "came from" field), the public forms' reader and the forms' hidden fields all use it.
 *
 * Channel rules, first match wins:
 * 1. `utm_medium` email, e-mail or newsletter, or a webmail referrer → email;
 * 2. `utm_medium` cpc, ppc, paid, paidsearch, paid-search, paid_search, or a search-ad click id (`gclid`, `gbraid`,
 *    `wbraid`, `msclkid`, `dclid`) → paid search;
 * 3. `utm_medium` social, social-media, social_media, sm → social;
 * 4. `utm_medium` organic → organic search;
 * 5. any other `utm_source`, `utm_medium` or `utm_campaign` → campaign;
 * 6. a social click id (`fbclid`, `ttclid`, `twclid`, `li_fat_id`) → social;
 * 7. the referrer's host: a known search engine → organic search; a known social site → social; the site itself →
 *    direct; any other host → referral;
 * 8. nothing → direct.
 *
 * Everything here is untrusted input: a value that does not fit its shape or is too long is dropped (null), never an
 * error. UTM values are trimmed, stripped of control characters and capped at UTM_CAP characters.
 */

export const SOURCE_CHANNELS = ["direct", "organic_search", "paid_search", "social", "referral", "email", "campaign"] as const;
export type SourceChannel = (typeof SOURCE_CHANNELS)[number];

export const SOURCE_CHANNEL_LABELS: Record<SourceChannel, string> = {
  direct: "Direct",
  organic_search: "Organic search",
  paid_search: "Paid search",
  social: "Social",
  referral: "Referral",
  email: "Email",
  campaign: "Campaign",
};

/** The hidden field every public form sends: the visit's external referrer host, or (no JavaScript) the page before. */
export const CAME_FROM_FIELD = "_came_from";
/** The hidden field the browser module fills with the visit's landing page (path and query), JavaScript only. */
export const LANDING_FIELD = "_landing";
/**
 * What a page rendered for the edge cache holds in the "came from" field: the gateway puts each visitor's own value
 * there (ADR 0020). Not secret: it is neither a path nor a host, so one that reached a post is dropped.
 */
export const EDGE_CAME_FROM = "edge:came-from";

export const UTM_CAP = 100;
/** The longest landing or form page kept (path and query, tracking parameters dropped). */
export const PAGE_CAP = 300;
/** The longest value accepted from a hidden field or a Referer at all; anything longer is dropped whole. */
export const RAW_CAP = 2000;

/** The source of one submission, as stored (every value optional but the channel). */
export interface VisitSource {
  channel: SourceChannel;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  landingPage: string | null;
  formPage: string | null;
}

const PAID_CLICK_IDS = ["gclid", "gbraid", "wbraid", "msclkid", "dclid"];
const SOCIAL_CLICK_IDS = ["fbclid", "ttclid", "twclid", "li_fat_id"];
/** Query parameters that are tracking, not content: dropped from the pages stored. */
const TRACKING = /^(utm_[a-z_]+|gclid|gbraid|wbraid|msclkid|dclid|fbclid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|ref)$/i;

const EMAIL_MEDIA = new Set(["email", "e-mail", "newsletter"]);
const PAID_MEDIA = new Set(["cpc", "ppc", "paid", "paidsearch", "paid-search", "paid_search"]);
const SOCIAL_MEDIA = new Set(["social", "social-media", "social_media", "sm"]);

const WEBMAIL = ["mail.google.com", "outlook.live.com", "outlook.office.com", "outlook.office365.com", "mail.yahoo.com", "mail.proton.me"];
/** Search engines by their name's label (google.com, google.co.uk…) or whole host. */
const SEARCH_LABELS = [
  "google",
  "bing",
  "duckduckgo",
  "yahoo",
  "yandex",
  "baidu",
  "ecosia",
  "startpage",
  "qwant",
  "kagi",
  "naver",
  "seznam",
];
const SEARCH_HOSTS = ["search.brave.com"];
const SOCIAL_HOSTS = [
  "facebook.com",
  "fb.com",
  "instagram.com",
  "t.co",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "lnkd.in",
  "reddit.com",
  "youtube.com",
  "tiktok.com",
  "pinterest.com",
  "threads.net",
  "bsky.app",
  "mastodon.social",
  "news.ycombinator.com",
];

/** A UTM value: trimmed, control characters and runs of spaces collapsed, capped; empty or not text → null. */
export function cleanUtm(value: unknown): string | null {
  if (typeof value !== "string" || value.length > RAW_CAP) return null;
  const clean = value
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean ? clean.slice(0, UTM_CAP) : null;
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name (lower case, no port, no `www.` kept out: stored as given), or null. */
export function cleanHost(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const host = value.trim().toLowerCase();
  return HOST.test(host) ? host : null;
}

const BASE = "https://site.invalid";

/** A same-site path with its query (`/a?b=c`), or null: never another origin, a scheme-relative `//x` or a backslash. */
export function cleanSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > RAW_CAP || !value.startsWith("/") || value.startsWith("//")) return null;
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return url.pathname + url.search;
}

/** A page as stored: path and its non-tracking query, capped (a query too long is dropped, then the path cut). */
export function storedPage(pathAndQuery: string | null): string | null {
  if (!pathAndQuery) return null;
  const url = new URL(pathAndQuery, BASE);
  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  const page = url.pathname + (url.searchParams.size ? `?${url.searchParams}` : "");
  return page.length <= PAGE_CAP ? page : url.pathname.slice(0, PAGE_CAP);
}

/**
 * What a page request's `Referer` says about where the visitor came from, for the "came from" field: the previous
 * page's path and query when it is this site, only the host when it is another site, "" otherwise. Never a full URL
 * of another site.
 */
export function cameFromReferer(referer: string | null, siteOrigin: string): string {
  if (!referer || referer.length > RAW_CAP) return "";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.origin === siteOrigin) return cleanSitePath(url.pathname + url.search) ?? "";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "";
  return cleanHost(url.hostname) ?? "";
}

const bare = (host: string) => host.replace(/^(www|m|l|lm|mobile)\./, "");
const isOrUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function searchEngine(host: string): boolean {
  if (SEARCH_HOSTS.some((h) => isOrUnder(host, h))) return true;
  const labels = bare(host).split(".");
  // google.com, google.co.uk, www.google.de: the engine's name is the first label of the bare host.
  return labels.length >= 2 && SEARCH_LABELS.includes(labels[0]!);
}

/** The channel of a visit (rules in the module's comment). */
export function classifyChannel({
  query,
  referrerHost,
  siteHost,
}: {
  query: URLSearchParams;
  referrerHost: string | null;
  siteHost: string;
}): SourceChannel {
  const medium = cleanUtm(query.get("utm_medium"))?.toLowerCase() ?? null;
  const host = referrerHost ? bare(referrerHost) : null;
  if ((medium && EMAIL_MEDIA.has(medium)) || (host && WEBMAIL.some((h) => isOrUnder(referrerHost!, h)))) return "email";
  if ((medium && PAID_MEDIA.has(medium)) || PAID_CLICK_IDS.some((id) => query.has(id))) return "paid_search";
  if (medium && SOCIAL_MEDIA.has(medium)) return "social";
  if (medium === "organic") return "organic_search";
  if (medium || cleanUtm(query.get("utm_source")) || cleanUtm(query.get("utm_campaign"))) return "campaign";
  if (SOCIAL_CLICK_IDS.some((id) => query.has(id))) return "social";
  if (!host) return "direct";
  if (host === bare(siteHost.toLowerCase())) return "direct";
  if (searchEngine(referrerHost!)) return "organic_search";
  if (SOCIAL_HOSTS.some((h) => isOrUnder(host, h))) return "social";
  return "referral";
}

/**
 * The source of a form post, from what the browser sent, all untrusted:
 * - `referer`: the POST's Referer, the page the form was on (with its query);
 * - `cameFrom`: the form's "came from" field: an external host (the visit's referrer), or, without JavaScript, the
 *   same-site page before the form's page (the gateway puts the page request's Referer there);
 * - `landing`: the form's landing field (JavaScript keeps the visit's first page in the tab's session storage).
 * The landing page is, in that order: the landing field, the same-site page before, the form's page.
 */
export function submissionSource({
  referer,
  cameFrom,
  landing,
  siteOrigin,
}: {
  referer: string | null;
  cameFrom: unknown;
  landing: unknown;
  siteOrigin: string;
}): VisitSource {
  const siteHost = new URL(siteOrigin).hostname;
  const formPath = (() => {
    const from = cameFromReferer(referer, siteOrigin);
    return from.startsWith("/") ? from : null;
  })();
  const previousPath = cleanSitePath(cameFrom);
  const external = previousPath ? null : cleanHost(cameFrom);
  const landingPath = cleanSitePath(landing) ?? previousPath ?? formPath;
  const referrerHost = external && bare(external) !== bare(siteHost) ? external : null;
  const query = landingPath ? new URL(landingPath, BASE).searchParams : new URLSearchParams();
  return {
    channel: classifyChannel({ query, referrerHost, siteHost }),
    referrerHost,
    utmSource: cleanUtm(query.get("utm_source")),
    utmMedium: cleanUtm(query.get("utm_medium")),
    utmCampaign: cleanUtm(query.get("utm_campaign")),
    landingPage: storedPage(landingPath),
    formPage: storedPage(formPath),
  };
}

/** Links of the site's emails left untagged: the dashboard's, and the ways out (unsubscribe). */
// `/r/…`: a broadcast's click redirect, which tags the link it leads to.
const UNTAGGED_PATHS = /^\/(admin|unsubscribe|r)(\/|$)/;

/**
 * A link to the site from one of its own emails, tagged so a visitor who comes back through it counts as email:
 * `utm_medium=email` and `utm_source=<the email's kind>`. Links elsewhere, to the dashboard or to unsubscribe are
 * returned as they are.
 */
export function emailLink(href: string, siteUrl: string, kind: string): string {
  let url: URL;
  let site: URL;
  try {
    url = new URL(href);
    site = new URL(siteUrl);
  } catch {
    return href;
  }
  if (url.origin !== site.origin || UNTAGGED_PATHS.test(url.pathname)) return href;
  url.searchParams.set("utm_medium", "email");
  url.searchParams.set("utm_source", kind);
  return url.toString();
}

/** The source of a form post: its Referer and its hidden fields (`submissionSource`), against the site's own origin. */
export function sourceOfPost(request: Request, form: FormData): VisitSource {
  return submissionSource({
    referer: request.headers.get("Referer"),
    cameFrom: form.get(CAME_FROM_FIELD),
    landing: form.get(LANDING_FIELD),
    siteOrigin: new URL(request.url).origin,
  });
}
