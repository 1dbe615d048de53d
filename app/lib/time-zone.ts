/**
 * The team's time zone (an IANA name, checked with Intl): the local date and
 * hour of an instant, and the instant a local day starts. Used by the daily
 * digest and the pipeline's "due today" (browser and server alike).
 */

export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's canonical name as Intl spells it (`america/los_angeles` → `America/Los_Angeles`), or null if Intl knows no such zone. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  // Intl also takes offsets such as "+05:00": the setting is a named zone (it follows DST).
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(trimmed) || trimmed.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone Intl lists, UTC first (the settings form's choices). */
export function timeZoneNames(): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [DEFAULT_TIME_ZONE, ...listed.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

export interface LocalTime {
  /** `YYYY-MM-DD` in the zone. */
  date: string;
  /** 0–23 in the zone. */
  hour: number;
  minute: number;
}

export function localTime(instant: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

/** The date after `date` (`YYYY-MM-DD`). */
export function nextDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The first instant (to the minute) whose local date in the zone is `date`:
 * local midnight, or the first minute after it on a day whose midnight a DST
 * change skips: local 00:00 as `instantOfLocalTime` finds it.
 */
export function startOfLocalDay(date: string, timeZone: string): number {
  return instantOfLocalTime(date, "00:00", timeZone);
}

/** The end of the local day of `instant` (the next local day's start): "due today" is due before it. */
export function endOfLocalDay(instant: number, timeZone: string): number {
  return startOfLocalDay(nextDate(localTime(instant, timeZone).date), timeZone);
}

/** A due time as the team reads it, e.g. `24 Nov 2026, 09:30`, in the zone. */
export function formatInZone(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(instant));
}

/** The local date `days` after (or before) `date`, `YYYY-MM-DD`. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The local week (Monday to Sunday) of `instant` in the zone: its first instant and the next week's first. */
export function localWeek(instant: number, timeZone: string): { start: number; end: number } {
  const { date } = localTime(instant, timeZone);
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(date, -weekday);
  return { start: startOfLocalDay(monday, timeZone), end: startOfLocalDay(addDays(monday, 7), timeZone) };
}

/**
 * The instant a local date and time (`HH:MM`) happens in the zone: the first minute whose local date and time are
 * not before it. A time a spring-forward change skips comes out as the first minute after the gap (02:30 on that
 * night is 03:00); a time a fall-back change repeats, as its first occurrence. Bisection, like startOfLocalDay.
 */
export function instantOfLocalTime(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const target = `${date} ${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`;
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  const MINUTE = 60_000;
  const key = (minute: number) => {
    const t = localTime(minute * MINUTE, timeZone);
    return `${t.date} ${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
  };
  let lo = (asUtc - 15 * 3_600_000) / MINUTE; // before the target in every zone
  let hi = (asUtc + 15 * 3_600_000) / MINUTE; // at or after it
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (key(mid) < target) lo = mid;
    else hi = mid;
  }
  return hi * MINUTE;
}
