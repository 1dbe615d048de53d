/** Security headers for every response the Worker sends. */
import { TURNSTILE_ORIGIN } from "./form-guard";

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Third-party origins a single page may use, and only that page. */
interface CspExtras {
  script?: string[];
  frame?: string[];
  connect?: string[];
  img?: string[];
}

const PAGE_CSP_EXTRAS: Record<string, CspExtras> = {
  // The card-payment provider's subscription button.
  "/paypal-subscription": {
    script: ["https://www.paypal.com", "https://*.paypal.com", "https://*.paypalobjects.com"],
    frame: ["https://www.paypal.com", "https://*.paypal.com"],
    connect: ["https://www.paypal.com", "https://*.paypal.com"],
    img: ["https://*.paypalobjects.com"],
  },
};

/** Cloudflare's Turnstile widget: its script and its challenge frame (ADR 0015). */
const TURNSTILE_EXTRAS: CspExtras = { script: [TURNSTILE_ORIGIN], frame: [TURNSTILE_ORIGIN] };

/**
 * Whether a path is a page that shows a public form, where Turnstile may run.
 * Every page of the public layout has one (the footer's newsletter box, the
 * waitlist banner), and so do the onboarding wizard and the form pages; admin
 * pages, uploaded media and feeds do not.
 */
export function showsPublicForm(pathname: string): boolean {
  if (pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/media/")) return false;
  return !/\.(csv|xml|txt)$/.test(pathname);
}

/** The third-party origins a page may use: its own (PAGE_CSP_EXTRAS) and Turnstile's where a form shows. */
export function pageCspExtras(pathname: string): CspExtras {
  const page = pathname.replace(/\.data$/, "");
  const own = PAGE_CSP_EXTRAS[page] ?? {};
  if (!showsPublicForm(page)) return own;
  return {
    ...own,
    script: [...(own.script ?? []), ...(TURNSTILE_EXTRAS.script ?? [])],
    frame: [...(own.frame ?? []), ...(TURNSTILE_EXTRAS.frame ?? [])],
  };
}

export function contentSecurityPolicy(nonce: string, extras: CspExtras = {}): string {
  const add = (list?: string[]) => (list?.length ? ` ${list.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${add(extras.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${add(extras.img)}`,
    "font-src 'self' data:",
    `connect-src 'self'${add(extras.connect)}`,
    `frame-src 'self' https:${add(extras.frame)}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function withSecurityHeaders(
  response: Response,
  { nonce, env, pathname = "/" }: { nonce: string; env: Pick<Env, "SITE_URL">; pathname?: string },
): Response {
  // Responses from fetch() or Response.redirect() can have immutable headers.
  const res = new Response(response.body, response);
  const h = res.headers;
  // An uploaded image (/media/{key}) keeps its own policy, stricter than a page's: it allows nothing and sandboxes. So
  // does a response that sandboxes itself (an email's preview, shown in a frame of the site's own admin page).
  const policy = h.get("Content-Security-Policy") ?? "";
  const sandboxed = /(^|;\s*)sandbox(;|$)/.test(policy);
  const ownPolicy = (pathname.startsWith("/media/") && policy !== "") || sandboxed;
  if (!ownPolicy) h.set("Content-Security-Policy", contentSecurityPolicy(nonce, pageCspExtras(pathname)));
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", sandboxed && policy.includes("frame-ancestors 'self'") ? "SAMEORIGIN" : "DENY");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (env.SITE_URL.startsWith("https://")) {
    h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return res;
}

/**
 * A POST (or other unsafe method) whose Origin names another host is refused
 * with 403 before Remix sees it (Remix would abort it with a 500). Admin
 * routes also check Origin against SITE_URL (`requireSameOrigin`).
 */
export function crossOriginRefusal(request: Request): Response | null {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null" ? forbidden() : null;
  try {
    return new URL(origin).host === new URL(request.url).host ? null : forbidden();
  } catch {
    return forbidden();
  }
}

/** An unsubscribe link: `<list>.<sealed address>`, or the older `<list>.<address>.<43-character MAC>` (ADR 0017); never its `.data`. */
const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]{43})?$/;

/**
 * The one-click unsubscribe (RFC 8058) is the one POST exempt from the origin checks (this file's
 * and Remix's own, which aborts a POST whose Origin is not the Host): its signed link is the
 * credential, and a mailbox provider posts from its own servers, with no Origin or its own. For a
 * POST to that exact route only, the Origin and Referer are dropped before anything reads them
 * (ADR 0016). Every other request is returned as it is.
 */
export function oneClickUnsubscribeRequest(request: Request): Request {
  if (request.method !== "POST" || !ONE_CLICK_UNSUBSCRIBE.test(new URL(request.url).pathname)) return request;
  if (!request.headers.has("Origin") && !request.headers.has("Referer")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  headers.delete("Referer");
  return new Request(request, { headers });
}

function forbidden(): Response {
  return new Response("Forbidden: cross-origin request", { status: 403, headers: { "Content-Type": "text/plain" } });
}
