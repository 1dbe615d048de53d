import { describe, expect, it } from "vitest";
import { canonicalTimeZone, endOfLocalDay, localTime, nextDate, startOfLocalDay } from "~/lib/time-zone";

describe("the team's time zone", () => {
  it("accepts IANA names as Intl spells them, and refuses unknown names and fixed offsets", () => {
    expect(canonicalTimeZone("america/los_angeles")).toBe("America/Los_Angeles");
    expect(canonicalTimeZone(" Pacific/Auckland ")).toBe("Pacific/Auckland");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus_Mons", "+05:00", "", "Europe/London; DROP", "x".repeat(65)]) expect(canonicalTimeZone(bad)).toBeNull();
  });

  it("gives the local date and hour of an instant", () => {
    expect(localTime(Date.parse("2026-11-23T19:00:00Z"), "Pacific/Auckland")).toEqual({ date: "2026-11-24", hour: 8, minute: 0 });
    expect(localTime(Date.parse("2026-11-23T19:00:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-11-23", hour: 11, minute: 0 });
    expect(localTime(Date.parse("2026-11-23T00:00:00Z"), "UTC")).toEqual({ date: "2026-11-23", hour: 0, minute: 0 });
    expect(nextDate("2026-12-31")).toBe("2027-01-01");
  });

  it("finds the start of a local day, also on DST days, and the end of today", () => {
    expect(new Date(startOfLocalDay("2026-11-24", "Pacific/Auckland")).toISOString()).toBe("2026-11-23T11:00:00.000Z");
    expect(new Date(startOfLocalDay("2026-11-01", "America/Los_Angeles")).toISOString()).toBe("2026-11-01T07:00:00.000Z");
    // The day after clocks go back is 25 hours long; the day clocks go forward, 23.
    expect(startOfLocalDay("2026-11-02", "America/Los_Angeles") - startOfLocalDay("2026-11-01", "America/Los_Angeles")).toBe(
      25 * 3_600_000,
    );
    expect(startOfLocalDay("2026-03-09", "America/Los_Angeles") - startOfLocalDay("2026-03-08", "America/Los_Angeles")).toBe(
      23 * 3_600_000,
    );
    expect(new Date(endOfLocalDay(Date.parse("2026-11-23T19:00:00Z"), "Pacific/Auckland")).toISOString()).toBe("2026-11-24T11:00:00.000Z");
    // Where DST skips midnight itself (Santiago, in September), the day starts at its first minute that exists.
    const start = startOfLocalDay("2026-09-06", "America/Santiago");
    expect(localTime(start, "America/Santiago").date).toBe("2026-09-06");
    expect(localTime(start - 60_000, "America/Santiago").date).toBe("2026-09-05");
  });
});
