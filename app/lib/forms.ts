/**
 * The progressive-enhancement contract shared by every public form:
 * - `_js` is only rendered once React has hydrated, so an action knows whether
 *   to answer with data (JavaScript: stay on the page) or with a redirect and
 *   a flash toast (no JavaScript: post/redirect/get);
 * - `redirectTo` says where a no-JavaScript success goes back to.
 */
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
