/**
 * The fields a public form carries for its bot check (ADR 0015; the server
 * half is form-guard.server.ts): Turnstile's token, which its widget writes
 * into the form, and the signed time stamp of the page, for posts without one.
 */
export const TURNSTILE_FIELD = "cf-turnstile-response";
export const STAMP_FIELD = "_stamp";
/** Cloudflare's widget script, loaded only once a form is on screen, never in the page's bundle. */
export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/**
 * Whether an action's answer says the page's stamp can no longer pass (too
 * old, or used by another post): the root loader then runs again after it,
 * even after a 400, so the form's next post carries a fresh stamp.
 */
export function asksForNewStamp(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && (actionResult as { renewStamp?: unknown }).renewStamp === true;
}
