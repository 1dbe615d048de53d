/**
 * The end-to-end harness's hook that dates a page's form stamp in the past
 * (app/lib/form-stamp-test-age.server.ts): honoured only with the harness's
 * var, never in production, never without it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEST_FORM_STAMP_AGE_HEADER } from "~/lib/form-stamp-test-age.server";
import { all, postForm, request } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);

/** The `_stamp` of the contact page's form, and when it says it was issued. */
async function contactStamp(testEnv: Env, age?: string): Promise<{ stamp: string; issuedAt: number }> {
  const headers: Record<string, string> = age === undefined ? {} : { [TEST_FORM_STAMP_AGE_HEADER]: age };
  const res = await request("/contact", { headers }, testEnv);
  expect(res.status).toBe(200);
  const stamp = /name="_stamp" value="(\d{13}\.[\w-]{43})"/.exec(await res.text())?.[1];
  expect(stamp).toBeDefined();
  return { stamp: stamp!, issuedAt: Number(stamp!.split(".")[0]) };
}

const harness = { ...env, TEST_FORM_STAMP_AGE: "allowed" } as Env;

describe("the test header that dates a form's stamp in the past", () => {
  it("dates the stamp as asked when the harness's var is set, and such a stamp carries a post at once", async () => {
    const before = Date.now();
    const { stamp, issuedAt } = await contactStamp(harness, "5000");
    expect(issuedAt).toBeLessThanOrEqual(before - 5_000 + 1_000);
    expect(issuedAt).toBeGreaterThanOrEqual(before - 5_000);
    const email = `aged-${uid()}@example.com`;
    const message = "Sent at once, with a stamp the test header dated back.";
    const res = await postForm("/contact", { name: "Ada", email, message, _stamp: stamp }, { token: null, testEnv: harness });
    expect(res.status).toBe(302);
    expect(await all("SELECT name FROM contact_messages WHERE email = ?", email)).toEqual([{ name: "Ada" }]);
  });

  it("is ignored without the var, in production even with it, and when it is not a small number of milliseconds", async () => {
    const cases: [Env, string][] = [
      [env, "5000"],
      [{ ...harness, ENVIRONMENT: "production" }, "5000"],
      [harness, "-5000"],
      [harness, "5e3"],
      [harness, "999999"],
    ];
    for (const [testEnv, age] of cases) {
      const before = Date.now();
      const { issuedAt } = await contactStamp(testEnv, age);
      expect(issuedAt, `${testEnv.ENVIRONMENT} ${testEnv.TEST_FORM_STAMP_AGE} ${age}`).toBeGreaterThanOrEqual(before);
    }
  });

  it("is at most a minute", async () => {
    const before = Date.now();
    const { issuedAt } = await contactStamp(harness, "90000");
    expect(issuedAt).toBeGreaterThanOrEqual(before - 60_000);
    expect(issuedAt).toBeLessThanOrEqual(Date.now() - 60_000);
  });
});
