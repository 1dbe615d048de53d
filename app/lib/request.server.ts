/** Small helpers about the incoming request. */

export function clientIp(request: Request): string {
  return (
    request.headers.get("CF-Connecting-IP") ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "unknown"
  );
}

/** A same-site path to go back to, never an open redirect. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

/** Largest form body we accept on public forms (bytes). */
export const MAX_FORM_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super("Request body too large");
  }
}

/**
 * Reads a urlencoded or multipart form, refusing bodies over `maxBytes`
 * (by Content-Length and by what actually arrives).
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLargeError();
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > maxBytes) throw new BodyTooLargeError();
  const copy = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded" },
    body: buffer,
  });
  try {
    return await copy.formData();
  } catch {
    // Not a form body at all (JSON, garbage): treat it as an empty form, so the
    // schema answers with its field messages and a 400.
    return new FormData();
  }
}

/**
 * Refuses a state-changing request whose Origin (or, failing that, Referer)
 * is not this site's, with 403. GET and HEAD pass.
 */
export function requireSameOrigin(request: Request, env: Pick<Env, "SITE_URL">): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const expected = new URL(env.SITE_URL).origin;
  const origin = request.headers.get("Origin") ?? refererOrigin(request.headers.get("Referer"));
  if (origin !== expected) {
    throw new Response("Forbidden: cross-origin request", { status: 403 });
  }
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
