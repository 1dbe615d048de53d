/**
 * The end-to-end harness's way to date a page's form stamp in the past, so a
 * test sending a form without JavaScript need not wait 2 s for the stamp to
 * come of age (ADR 0015). Only when the harness's var `TEST_FORM_STAMP_AGE`
 * is "allowed" (never set in wrangler.toml) and the site is not production
 * does a request's `X-Test-Form-Stamp-Age` header (milliseconds, at most a
 * minute) count; anything else gives the real time.
 */
export const TEST_FORM_STAMP_AGE_HEADER = "X-Test-Form-Stamp-Age";
const MAX_TEST_AGE_MS = 60_000;

/** When the page's form stamp says it was issued: now, or as long ago as the harness asked. */
export function formStampIssuedAt(request: Request, env: Env, now = Date.now()): number {
  if (env.TEST_FORM_STAMP_AGE !== "allowed" || env.ENVIRONMENT === "production") return now;
  const asked = request.headers.get(TEST_FORM_STAMP_AGE_HEADER);
  const age = asked && /^\d{1,5}$/.test(asked) ? Number(asked) : 0;
  return now - Math.min(age, MAX_TEST_AGE_MS);
}
