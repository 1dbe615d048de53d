/** Security headers for every response the Worker sends. */

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function withSecurityHeaders(
  response: Response,
  { nonce, env }: { nonce: string; env: Pick<Env, "SITE_URL"> },
): Response {
  // Responses from fetch() or Response.redirect() can have immutable headers.
  const res = new Response(response.body, response);
  const h = res.headers;
  h.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
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

function forbidden(): Response {
  return new Response("Forbidden: cross-origin request", { status: 403, headers: { "Content-Type": "text/plain" } });
}
