/**
 * A lead's write survives a moment of D1 trouble: a transient error is tried
 * again (a few times, logged), a data error never is, and a lasting outage
 * ends in the form's failure message with nothing stored.
 */
import { describe, expect, it, vi } from "vitest";
import { isTransientD1Error } from "~/lib/d1-retry.server";
import { all, envWithFlakyBatch, postForm } from "./helpers";

const contact = (email: string) => ({
  name: "Ada Lovelace",
  email,
  message: "Please send me some leads for my app.",
  redirectTo: "/contact",
});
const unique = () => `retry-${crypto.randomUUID().slice(0, 8)}@example.com`;
const stored = (email: string) => all("SELECT email FROM contact_messages WHERE email = ?", email);

describe("D1 write retries", () => {
  it("tells transient D1 errors from data errors", () => {
    for (const transient of [
      "D1_ERROR: Network connection lost.",
      "D1 DB is overloaded. Requests queued for too long.",
      "D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.",
      "D1_ERROR: database is locked: SQLITE_BUSY",
      "Cannot resolve D1 DB due to transient issue on remote node.",
    ])
      expect(isTransientD1Error(new Error(transient)), transient).toBe(true);
    for (const permanent of [
      "D1_ERROR: UNIQUE constraint failed: waitlist_entries.email: SQLITE_CONSTRAINT",
      "D1_ERROR: NOT NULL constraint failed: contact_messages.name",
      "D1_ERROR: no such table: contact_messages",
      "Something else entirely",
    ])
      expect(isTransientD1Error(new Error(permanent)), permanent).toBe(false);
  });

  it("stores the lead once after two transient failures, logging each retry", async () => {
    const warn = vi.spyOn(console, "warn");
    const flaky = envWithFlakyBatch(2, "D1_ERROR: database is locked: SQLITE_BUSY");
    const email = unique();
    const res = await postForm("/contact", contact(email), { testEnv: flaky.env });
    expect(res.status).toBe(302);
    expect(flaky.calls()).toBe(3);
    expect(await stored(email)).toEqual([{ email }]);
    expect(warn.mock.calls.filter(([m]) => String(m).includes('D1 write "contact message"'))).toHaveLength(2);
    warn.mockRestore();
  });

  it("never retries a constraint error", async () => {
    const flaky = envWithFlakyBatch(1, "D1_ERROR: NOT NULL constraint failed: contact_messages.name: SQLITE_CONSTRAINT");
    const email = unique();
    const res = await postForm("/contact", contact(email), { testEnv: flaky.env });
    expect(res.status).toBe(503);
    expect(flaky.calls()).toBe(1);
    expect(await stored(email)).toEqual([]);
  });

  it("gives the form's failure message after the last try, with nothing stored", async () => {
    const flaky = envWithFlakyBatch(Infinity, "D1 DB is overloaded. Too many requests queued.");
    const email = unique();
    const res = await postForm("/contact", contact(email), { testEnv: flaky.env });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Your message could not be sent. Please try again.");
    expect(flaky.calls()).toBe(4);
    expect(await stored(email)).toEqual([]);
  });
});
