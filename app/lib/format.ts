/**
 * Dates and times, rendered the same on the server and in every visitor's
 * browser: US English (the spec's format) in one fixed zone, UTC. Formatting
 * in the visitor's own zone would make the browser's first render differ from
 * the server's HTML (React hydration errors #418/#425 for anyone west of UTC
 * near midnight UTC). Admin times name their zone ("UTC").
 */
const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
  timeZoneName: "short",
});
/** One formatter for every number: `toLocaleString("en-US")` builds a new one per call, tens of µs each in workerd. */
const NUMBER = new Intl.NumberFormat("en-US");

type DateInput = Date | number | string | null | undefined;

/** "Nov 23, 2026" (UTC). */
export function formatDate(value: DateInput): string {
  if (value === null || value === undefined) return "—";
  return DATE.format(new Date(value));
}

/** "Nov 23, 2026, 14:05 UTC". */
export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined) return "—";
  return DATE_TIME.format(new Date(value));
}

/** "12,345" (US English, the same on the server and in the browser). */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}
