/**
 * A component whose code is not part of a page's first load.
 *
 * The server renders it in place like any other (entry.server waits for the
 * whole document, so the HTML is complete, with or without JavaScript). In
 * the browser its module is fetched as soon as the page hydrates, with
 * nothing waiting on it; until it arrives React leaves the server's HTML as
 * it is (a form still works as a plain POST), then hydrates it. Used for what
 * the first interaction does not need: the layout's forms (and the form
 * library behind them), the lead-magnet popup, the toasts, the ROI calculator
 * and the error pages.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType } from "react";

// How many deferred parts are on the page, and how many have hydrated: `whenDeferredPartsHydrated`.
let expected = 0;
let hydrated = 0;
const waiters = new Set<() => void>();
const settle = () => {
  if (hydrated < expected) return;
  for (const resolve of waiters) resolve();
  waiters.clear();
};
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Resolves once every deferred part of the page has arrived and hydrated (the page is fully interactive). */
export function whenDeferredPartsHydrated(): Promise<void> {
  return new Promise((resolve) => {
    waiters.add(resolve);
    settle();
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function deferred<P extends Record<string, any>>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() =>
    load()
      .then((Component) => {
        function Hydrated(props: P) {
          useEffect(() => {
            hydrated += 1;
            settle();
            return () => {
              hydrated -= 1;
            };
          }, []);
          return <Component {...props} />;
        }
        return { default: Hydrated as ComponentType<object> };
      })
      .catch((error: unknown) => {
        // The module could not be fetched (a network blip, a deploy in between): React keeps the
        // server's HTML of this part as it is (a form still posts without JavaScript) instead of
        // failing the page. Never settles, so the page is not reported as hydrated.
        console.error(error);
        return new Promise<never>(() => {});
      }),
  );
  function Deferred(props: P) {
    // Layout effects of the first commit run before any passive one: the count is known when the page asks.
    useBrowserLayoutEffect(() => {
      expected += 1;
      return () => {
        expected -= 1;
        settle();
      };
    }, []);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
