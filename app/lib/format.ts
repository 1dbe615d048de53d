/**
 * Dates and times, rendered the same on the server and in every visitor's
 * browser: US English (the spec's format) in one fixed zone, UTC. Formatting
 * in the visitor's own zone would make the browser's first render differ from
 * the server's HTML (React hydration errors #418/#425 for anyone west of UTC
 * near midnight UTC). Admin times name their zone ("UTC").
 */
const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
  timeZoneName: "short",
};

/**
 * Each formatter is made on its first use, not when the module loads: in a browser, the first `Intl` formatter a page
 * makes costs 30 to 60 ms of main thread (its locale data), and this module is in the first load of the blog and the
 * Q&A pages, which only show dates (docs/speed.md, *Lighthouse*).
 */
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const dateTime = once(() => new Intl.DateTimeFormat("en-US", DATE_TIME_OPTIONS));
/** One formatter for every number: `toLocaleString("en-US")` builds a new one per call, tens of µs each in workerd. */
const number = once(() => new Intl.NumberFormat("en-US"));

/** en-US short month names, as `Intl.DateTimeFormat("en-US", { month: "short" })` writes them. */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

type DateInput = Date | number | string | null | undefined;

/**
 * "Nov 23, 2026" (UTC): what `Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric",
 * timeZone: "UTC" })` writes (tests/unit/lib.test.ts holds them to it), without an `Intl` formatter, so a public page
 * that shows dates makes none.
 */
export function formatDate(value: DateInput): string {
  if (value === null || value === undefined) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Nov 23, 2026, 14:05 UTC". */
export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined) return "—";
  return dateTime().format(new Date(value));
}

/** "12,345" (US English, the same on the server and in the browser). */
export function formatNumber(value: number): string {
  return number().format(value);
}
