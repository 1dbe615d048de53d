/**
 * Encryption at rest (ADR 0017), through the Worker: two-factor secrets and the destinations' URLs and
 * signing secrets are stored sealed under DATA_ENCRYPTION_KEYS; rows from before are read and sealed by the
 * cron; nothing is written in clear without a key; a new current key re-seals everything (what
 * `npm run keys:rotate` runs), and the old key can then go.
 */
import { env } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dataKeyring, parseDataKeys, seal, unseal } from "~/lib/encryption.server";
import { d1Runner, resealPage, unsealedCounts } from "~/lib/reseal.server";
import * as make from "../factories";
import type { Sealed } from "~/db/shared";
import { createUser, get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm, recordingEnv, request } from "./helpers";
import {
  deliver,
  linkIn,
  mailEnv,
  outsideWorld,
  runCron,
  signInWithCode,
  startTwoFactorSetup,
  turnOnTwoFactor,
  uid,
  userRow,
} from "./key-helpers";

afterEach(() => vi.restoreAllMocks());

const NEW_KEY = "test2:bmV3LWRhdGEtZW5jcnlwdGlvbi1rZXktMDEyMzQ1Njc=";
const SLACK = () => `https://hooks.slack.com/services/T000/B000/${uid()}${uid()}`;
const RECEIVER = () => `https://hooks.example.com/key-handling/${uid()}`;

/** Every page of the re-sealing, as `npm run keys:rotate` runs it. */
async function resealAll(ring: Awaited<ReturnType<typeof dataKeyring>>, limit?: number) {
  let more = true;
  while (more) ({ more } = await resealPage(d1Runner(env.DB), ring, limit));
}

/** Adds a destination through the notifications page; returns its id and, for a webhook, the secret shown once. */
async function addDestination(cookie: string, kind: "webhook" | "slack", url: string, testEnv: Env = env) {
  const key = crypto.randomUUID();
  const res = await postForm(
    "/admin/settings/notifications",
    { intent: "create", key, name: `${kind} ${uid()}`, kind, url, events: ["person.created", "submission.created"] },
    { cookie, testEnv, headers: SAME_ORIGIN },
  );
  const secret = kind === "webhook" ? /whsec_[A-Za-z0-9+/=]+/.exec(await res.text())?.[0] : undefined;
  if (kind === "webhook") expect(secret).toBeTruthy();
  return { id: key, secret };
}

describe("encryption at rest", () => {
  it("seals the pending and the confirmed two-factor secret; sign-in opens it", async () => {
    const admin = await signedInAdmin();
    const secret = await startTwoFactorSetup(admin.cookie);
    const pending = (await userRow(admin.id)).totp_pending_secret!;
    expect(pending).toMatch(/^enc:v1:test1:[\w-]+:[\w-]+$/);
    expect(pending).not.toContain(secret);
    expect(await unseal(env, "totp", pending)).toBe(secret);

    expect(await turnOnTwoFactor(admin.cookie)).toBe(secret);
    const row = await userRow(admin.id);
    expect(row.totp_pending_secret).toBeNull();
    expect(row.totp_secret).toMatch(/^enc:v1:test1:/);
    expect(await unseal(env, "totp", row.totp_secret!)).toBe(secret);
    expect(await signInWithCode(admin, secret)).toMatch(/^__admin_session=/);
  });

  it("seals a destination's URL and signing secret, and delivers with them", async () => {
    const admin = await signedInAdmin();
    const url = RECEIVER();
    const hook = await addDestination(admin.cookie, "webhook", url);
    const slackUrl = SLACK();
    const slack = await addDestination(admin.cookie, "slack", slackUrl);
    const stored = await all<{ id: string; url: string; secret: string | null }>(
      "SELECT id, url, secret FROM notification_destinations WHERE id IN (?1, ?2)",
      hook.id,
      slack.id,
    );
    for (const row of stored) {
      expect(row.url).toMatch(/^enc:v1:test1:/);
      expect(row.url).not.toContain("hooks.");
    }
    expect(stored.find((r) => r.id === hook.id)!.secret).toMatch(/^enc:v1:test1:/);
    expect(stored.find((r) => r.id === slack.id)!.secret).toBeNull();
    // The page shows Slack's origin only, and the webhook's URL.
    const page = await (await get("/admin/settings/notifications", admin.cookie)).text();
    expect(page).toContain(url);
    expect(page).toContain("https://hooks.slack.com/…");
    expect(page).not.toContain(slackUrl);

    const outside = outsideWorld();
    const rec = recordingEnv();
    await postForm(
      "/contact",
      { name: "Ada", email: `ada-${uid()}@example.com`, message: "Leads, please, for my app.", redirectTo: "/" },
      { testEnv: rec.env },
    );
    const ids = (rec.messages as { outboxId: string }[]).map((m) => m.outboxId);
    await deliver(ids, env);
    const toHook = outside.posts.filter((p) => p.url === url);
    expect(toHook.length).toBeGreaterThan(0);
    expect(new Webhook(hook.secret!).verify(toHook[0]!.body, toHook[0]!.headers)).toMatchObject({ type: expect.any(String) });
    expect(outside.posts.some((p) => p.url === slackUrl)).toBe(true);
  });

  it("reads values stored in clear before encryption, and the cron seals them", async () => {
    const user = await createUser();
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await env.DB.prepare("UPDATE users SET totp_secret = ?1, totp_enabled_at = 1 WHERE id = ?2").bind(secret, user.id).run();
    const url = RECEIVER();
    const id = crypto.randomUUID();
    const hookSecret = `whsec_${btoa("legacy-secret-0123456789ab")}`;
    await make.notificationDestination.create(env.DB, {
      id,
      name: "Legacy",
      kind: "webhook",
      url: url as Sealed,
      secret: hookSecret as Sealed,
      events: [],
      enabled: true,
    });

    expect(await signInWithCode(user, secret)).toMatch(/^__admin_session=/);
    for (let i = 0; i < 10 && (await unsealedCounts(d1Runner(env.DB), await dataKeyring(env)))["users.totp_secret"]! > 0; i++)
      await runCron(env);
    const row = await userRow(user.id);
    expect(row.totp_secret).toMatch(/^enc:v1:test1:/);
    expect(await unseal(env, "totp", row.totp_secret!)).toBe(secret);
    const [dest] = await all<{ url: string; secret: string }>("SELECT url, secret FROM notification_destinations WHERE id = ?1", id);
    expect(await unseal(env, "destination-url", dest!.url)).toBe(url);
    expect(await unseal(env, "webhook-secret", dest!.secret)).toBe(hookSecret);
  });

  it("never writes in clear: without DATA_ENCRYPTION_KEYS, production and any site off localhost refuse to seal", async () => {
    const missing = { ...env, DATA_ENCRYPTION_KEYS: undefined };
    await expect(
      seal({ ...missing, ENVIRONMENT: "production", SITE_URL: "https://founderleads.example.com" }, "totp", "x"),
    ).rejects.toThrow(/DATA_ENCRYPTION_KEYS is not set/);
    await expect(seal({ ...missing, SITE_URL: "https://staging.example.com" }, "totp", "x")).rejects.toThrow(
      /DATA_ENCRYPTION_KEYS is not set/,
    );
    // Locally, the public development key: still sealed, never clear.
    expect(await seal(missing, "totp", "x")).toMatch(/^enc:v1:dev:/);
    expect(() => parseDataKeys("k1:c2hvcnQ=")).toThrow(/not 32 bytes/);
    expect(() => parseDataKeys("no-colon")).toThrow(/not <id>:<key>/);
    // A value sealed for one use does not open as another.
    await expect(unseal(env, "webhook-secret", await seal(env, "totp", "x"))).rejects.toThrow(/does not open/);
  });
});

describe("rotating the data key", () => {
  it("re-seals every value under a new current key; each is still readable with the new key alone", async () => {
    const admin = await signedInAdmin();
    const secret = await turnOnTwoFactor(admin.cookie);
    const url = RECEIVER();
    const hook = await addDestination(admin.cookie, "webhook", url);
    const slackUrl = SLACK();
    await addDestination(admin.cookie, "slack", slackUrl);
    const invitee = `invitee-${uid()}@example.com`;
    await postForm(
      "/admin/team",
      { intent: "invite", email: invitee },
      { cookie: admin.cookie, testEnv: recordingEnv().env, headers: SAME_ORIGIN },
    );

    const rotated: Env = { ...env, DATA_ENCRYPTION_KEYS: `${NEW_KEY}, ${env.DATA_ENCRYPTION_KEYS}` };
    const ring = await dataKeyring(rotated);
    expect(ring.currentId).toBe("test2");
    // What `npm run keys:rotate` runs, page after page (small pages here: several of them).
    await resealAll(ring, 5);
    expect(Object.values(await unsealedCounts(d1Runner(env.DB), ring))).toEqual([0, 0, 0, 0, 0]);
    const stored = [
      ...(await all("SELECT totp_secret, totp_pending_secret FROM users")),
      ...(await all("SELECT url, secret FROM notification_destinations")),
      ...(await all("SELECT payload FROM email_outbox WHERE status IN ('queued', 'capped')")),
    ];
    expect(JSON.stringify(stored)).toContain("enc:v1:test2:");
    expect(JSON.stringify(stored)).not.toContain("enc:v1:test1:");

    // The old key can go: everything is read with the new one alone.
    const newOnly: Env = { ...env, DATA_ENCRYPTION_KEYS: NEW_KEY };
    await signInWithCode(admin, secret, newOnly);
    const outside = outsideWorld();
    const rec = recordingEnv({ DATA_ENCRYPTION_KEYS: NEW_KEY });
    await postForm(
      "/contact",
      { name: "Bo", email: `bo-${uid()}@example.com`, message: "Leads, please, for my app.", redirectTo: "/" },
      { testEnv: rec.env },
    );
    await deliver(
      (rec.messages as { outboxId: string }[]).map((m) => m.outboxId),
      newOnly,
    );
    const signed = outside.posts.find((p) => p.url === url)!;
    expect(new Webhook(hook.secret!).verify(signed.body, signed.headers)).toBeTruthy();
    expect(outside.posts.some((p) => p.url === slackUrl)).toBe(true);
    const [invitation] = await all<{ id: string }>("SELECT id FROM email_outbox WHERE recipient = ?1", invitee);
    await deliver([invitation!.id], mailEnv(newOnly));
    expect((await request(new URL(linkIn(outside, invitee, "/admin/invitation")).pathname)).status).toBe(200);

    // And back, so the other tests (under test1) read everything: a rotation is the same either way.
    const back = await dataKeyring({ ...env, DATA_ENCRYPTION_KEYS: `${env.DATA_ENCRYPTION_KEYS}, ${NEW_KEY}` });
    await resealAll(back);
    expect(Object.values(await unsealedCounts(d1Runner(env.DB), back))).toEqual([0, 0, 0, 0, 0]);
  });
});
