/**
 * The client address and what limits count by (ADR 0015): in production only
 * CF-Connecting-IP; X-Forwarded-For only in development and only when
 * TRUST_X_FORWARDED_FOR says so; every limiter (the public forms' edge
 * bindings, the no-token limit, sign-in) keys an IPv6 client by its /64.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TURNSTILE_FIELD } from "~/lib/form-guard";
import { formStamp } from "~/lib/form-guard.server";
import { login } from "./admin-helpers";
import { all, burstUntilRefused, postForm, request } from "./helpers";
import { siteverifyCalls, TEST_TOKEN } from "./siteverify-stub";

/** The sign-in limit's window (sign-in.server.ts: 10 guesses an address in 15 minutes). */
const WINDOW_MS = 15 * 60 * 1000;
const uid = () => crypto.randomUUID().slice(0, 8);
const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
/** A /64 no other test uses, as a prefix: `${net}${host}` is an address in it. */
const network = () => `2001:db8:${hex()}:${hex()}:`;
const contact = (email = `addr-${uid()}@example.com`) => ({ name: "Ada", email, message: "Please send me some leads for my app." });

describe("IPv6 clients are counted by their /64", () => {
  it("in a public form's edge limit: new addresses in one /64 share its count; another /64 has its own", { timeout: 30_000 }, async () => {
    const net = network();
    let host = 0;
    // The contact form: 5 a minute per client (STRICT_FORM_RATE_LIMITER).
    const { accepted, refused } = await burstUntilRefused(
      () => postForm("/contact", contact(), { ip: `${net}${++host}:${hex()}:${hex()}:1` }),
      5,
    );
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect((await postForm("/contact", contact(), { ip: `${network()}1:2:3:4` })).status).toBe(302);
  });

  it("in the limit of posts without a token", { timeout: 30_000 }, async () => {
    const net = network();
    let host = 0;
    const post = async () =>
      postForm("/contact", { ...contact(), _stamp: await formStamp(env, Date.now() - 3_000) }, { ip: `${net}${++host}::1`, token: null });
    const { accepted } = await burstUntilRefused(post, 3);
    expect(accepted).toBeGreaterThanOrEqual(3);
    expect(accepted).toBeLessThan(6);
  });

  it("in sign-in: guesses at many emails from many addresses of one /64 are refused after 10", { timeout: 30_000 }, async () => {
    const net = network();
    const statuses: number[] = [];
    const windows: number[] = [];
    for (let i = 1; i <= 12; i++) {
      // The limit's fixed window (15 minutes, aligned) each guess is counted in: a slow run can cross its end.
      windows.push(Math.floor(Date.now() / WINDOW_MS));
      statuses.push((await login(`nobody-${uid()}@example.com`, "guess", { ip: `${net}${i}::${i}` })).status);
    }
    // Within one window (almost always all twelve): 10 refused as wrong, then 429.
    const expected = windows.map((w, i) => (windows.slice(0, i + 1).filter((x) => x === w).length > 10 ? 429 : 401));
    expect(statuses).toEqual(expected);
  });
});

describe("the client address", () => {
  /** A stored lead-magnet post with X-Forwarded-For, and with CF-Connecting-IP only when `cf` is given; the address siteverify was sent. */
  const forwardedPost = async (testEnv: Env, cf: string | null) => {
    const email = `xff-${uid()}@example.com`;
    const calls = siteverifyCalls.length;
    const forwarded = `198.51.100.${1 + Math.floor(Math.random() * 200)}`;
    const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `${forwarded}, 10.0.0.1` });
    if (cf) headers.set("CF-Connecting-IP", cf);
    const body = new URLSearchParams({ firstName: "Ada", email, appUrl: "https://apps.shopify.com/ada", redirectTo: "/" });
    body.set(TURNSTILE_FIELD, TEST_TOKEN);
    const res = await request("/lead-magnet", { method: "POST", body, headers, redirect: "manual" }, testEnv);
    expect(res.status).toBe(302);
    expect(await all("SELECT 1 FROM lead_magnet_submissions WHERE email = ?", email)).toHaveLength(1);
    expect(siteverifyCalls.length).toBe(calls + 1);
    return { forwarded, remoteip: siteverifyCalls.at(-1)!.remoteip };
  };

  it("is CF-Connecting-IP alone in production: X-Forwarded-For is never read, even with TRUST_X_FORWARDED_FOR set", async () => {
    const production = { ...env, ENVIRONMENT: "production", TRUST_X_FORWARDED_FOR: "true" };
    const cf = "203.0.113.77";
    expect((await forwardedPost(production, cf)).remoteip).toBe(cf);
    // No CF-Connecting-IP (never on Cloudflare; a test here): no address at all rather than the one the client wrote.
    expect((await forwardedPost(production, null)).remoteip).toBeNull();
  });

  it('ignores X-Forwarded-For in development unless TRUST_X_FORWARDED_FOR is "true"', async () => {
    for (const trust of ["false", undefined]) {
      const development = { ...env, ENVIRONMENT: "development", TRUST_X_FORWARDED_FOR: trust };
      expect((await forwardedPost(development, "203.0.113.78")).remoteip).toBe("203.0.113.78");
      expect((await forwardedPost(development, null)).remoteip).toBeNull();
    }
  });

  it(
    "is X-Forwarded-For's first address in development behind a trusted proxy, and it is what the limits count",
    { timeout: 30_000 },
    async () => {
      const trusted = { ...env, ENVIRONMENT: "development", TRUST_X_FORWARDED_FOR: "true" };
      const { forwarded, remoteip } = await forwardedPost(trusted, "127.0.0.1");
      expect(remoteip).toBe(forwarded);
      // One proxy address, many clients behind it: each forwarded /64 has its own count.
      const net = network();
      const { accepted } = await burstUntilRefused(
        () => postForm("/contact", contact(), { testEnv: trusted, ip: "127.0.0.1", headers: { "X-Forwarded-For": `${net}:1, 127.0.0.1` } }),
        5,
      );
      expect(accepted).toBeGreaterThanOrEqual(5);
      expect(
        (await postForm("/contact", contact(), { testEnv: trusted, ip: "127.0.0.1", headers: { "X-Forwarded-For": `${network()}:1` } }))
          .status,
      ).toBe(302);
    },
  );
});
