/**
 * The progressive-enhancement contract shared by every public form:
 * - `_js` is only rendered once React has hydrated, so an action knows whether
 *   to answer with data (JavaScript: stay on the page) or with a redirect and
 *   a flash toast (no JavaScript: post/redirect/get);
 * - `redirectTo` says where a no-JavaScript success goes back to.
 */
import type { HeadersFunction } from "@remix-run/cloudflare";
import { useSyncExternalStore } from "react";

export const JS_FIELD = "_js";
export const REDIRECT_FIELD = "redirectTo";

const subscribe = () => () => {};
/** False during server render and hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A form route's `headers` export: keeps the action's Retry-After (429) and a
 * `Cache-Control: no-store` of the action or the loader (a page showing
 * recovery codes once) on the document response (Remix only carries cookies
 * over by itself).
 */
export const formHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  if ([actionHeaders, loaderHeaders].some((h) => h.get("Cache-Control")?.includes("no-store"))) headers.set("Cache-Control", "no-store");
  return headers;
};

/**
 * Every form validates a field when it loses focus, and its message then
 * pushes down what is below it. Pressing a submit button takes the focus from
 * the field being typed in: its message appears during the press, the button
 * moves, the press ends elsewhere, and the click (the submit, which checks
 * every field, touched or not) never happens. So the visitor saw one message,
 * and the fields never touched showed none. Holding the focus where it is
 * while a submit button is pressed keeps the click where it started: the
 * submit then shows every invalid field's message at once (and conform moves
 * the focus to the first). Installed once for the document (entry.client.tsx).
 */
export function keepSubmitClick(event: MouseEvent): void {
  if (event.button !== 0 || !(event.target instanceof Element)) return;
  const control = event.target.closest("button, input");
  if (!(control instanceof HTMLButtonElement || control instanceof HTMLInputElement)) return;
  const submits = control.type === "submit" || (control instanceof HTMLInputElement && control.type === "image");
  // A button that skips validation (formnovalidate: the section editor's actions, which the editor handles in
  // the page) is left alone: holding the focus there kept its click from being handled in the page, and the
  // form was posted instead.
  if (submits && control.form && !control.disabled && !control.formNoValidate) event.preventDefault();
}
