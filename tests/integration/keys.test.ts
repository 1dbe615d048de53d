/**
 * One key per purpose, derived from the root secret, and earlier roots accepted when verifying (ADR 0017).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { siteCookie } from "~/lib/cookies.server";
import { macsFor, previousRoots, signFor, verifyFor } from "~/lib/keys.server";

const OLD = "an-earlier-root-secret-0123456789";
const rotated = (previous: string): Env => ({
  ...env,
  SESSION_SECRET: "a-brand-new-root-secret-9876543210",
  SESSION_SECRET_PREVIOUS: previous,
});

describe("purpose keys", () => {
  it("gives each purpose its own key: a MAC made for one purpose does not verify for another", async () => {
    const mac = await signFor(env, "unsubscribe", "hello");
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyFor(env, "unsubscribe", "hello", mac)).toBe(true);
    expect(await verifyFor(env, "form-stamp", "hello", mac)).toBe(false);
    expect(await verifyFor(env, "unsubscribe", "hello!", mac)).toBe(false);
  });

  it("accepts a MAC made under an earlier root listed without purposes, for every purpose", async () => {
    const before: Env = { ...env, SESSION_SECRET: OLD };
    const stamp = await signFor(before, "form-stamp", "m");
    const link = await signFor(before, "unsubscribe", "m");
    expect(await verifyFor(rotated(""), "unsubscribe", "m", link)).toBe(false);
    expect(await verifyFor(rotated(OLD), "unsubscribe", "m", link)).toBe(true);
    expect(await verifyFor(rotated(`x, ${OLD}`), "form-stamp", "m", stamp)).toBe(true);
  });

  it("after a leak, keeps the leaked root for the purposes named only: unsubscribe links work, stamps and cookies do not", async () => {
    const before: Env = { ...env, SESSION_SECRET: OLD };
    const after = rotated(`unsubscribe+audit:${OLD}`);
    expect(await verifyFor(after, "unsubscribe", "m", await signFor(before, "unsubscribe", "m"))).toBe(true);
    expect(await verifyFor(after, "form-stamp", "m", await signFor(before, "form-stamp", "m"))).toBe(false);

    const cookie = (await (await siteCookie(before, "visitor")).serialize({ email: "a@b.co" })).split(";")[0]!;
    expect(await (await siteCookie(after, "visitor")).parse(cookie)).toBeNull();
    expect(await (await siteCookie(rotated(OLD), "visitor")).parse(cookie)).toEqual({ email: "a@b.co" });
  });

  it("lists every accepted MAC, current first, for keyed-hash lookups", async () => {
    const macs = await macsFor(rotated(OLD), "audit", "x@y.co", "hex");
    expect(macs).toHaveLength(2);
    expect(macs[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a previous entry that names an unknown purpose, rather than ignoring it", () => {
    expect(() => previousRoots({ SESSION_SECRET_PREVIOUS: "cookies:abc" })).toThrow(/unknown key purpose: cookies/);
    expect(previousRoots({ SESSION_SECRET_PREVIOUS: " a,b  unsubscribe:c+d/e= " })).toEqual([
      { secret: "a", purposes: "all" },
      { secret: "b", purposes: "all" },
      { secret: "c+d/e=", purposes: new Set(["unsubscribe"]) },
    ]);
  });
});
