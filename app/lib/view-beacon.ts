/**
 * The browser's part of the visitor counts (ADR 0023): a page reached without a document request (a page after the
 * first, with JavaScript) and the lead-magnet popup when shown are counted by a beacon to the Worker, which treats
 * it as it treats a page it serves. Nothing is stored in the browser and nothing identifies it.
 */

/** Where the beacons go (the Worker answers 204 and counts the view: app/features/insights/count.server.ts). */
export const VIEW_BEACON_PATH = "/__view";

/** Sends one view: the current page (path and query), or the popup shown on it. Never throws. */
export function sendViewBeacon(kind: "page" | "popup" = "page"): void {
  try {
    const body = new URLSearchParams({ p: window.location.pathname + window.location.search });
    if (kind === "popup") body.set("k", "popup");
    if (!navigator.sendBeacon?.(VIEW_BEACON_PATH, body)) {
      void fetch(VIEW_BEACON_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
    }
  } catch {
    // A view not counted: nothing the visitor should see.
  }
}
