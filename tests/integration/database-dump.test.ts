/**
 * What a copy of the database gives away (ADR 0017). The site is filled through the Worker with every
 * secret it keeps: an admin with two-factor on and another in the middle of its set-up, a signed
 * webhook and a Slack destination, password-reset, invitation and newsletter-confirmation emails
 * waiting, sent and failed. Then every text of every row of every table is read as a dump would
 * (`SELECT *` over sqlite_master's tables), and none of those secrets, nor any link that still works,
 * is there in clear.
 */
import { afterEach, expect, it, vi } from "vitest";
import { QUEUE_DELIVERIES } from "~/email/policy";
import { verifyPassword } from "~/features/auth/password.server";
import { createUser, get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm, recordingEnv } from "./helpers";
import { deliver, linkIn, mailEnv, outsideWorld, startTwoFactorSetup, turnOnTwoFactor, uid } from "./key-helpers";

afterEach(() => vi.restoreAllMocks());

/** Every text (and blob, as text) of every row of every table: what a dump of the D1 file holds. */
async function dumpTexts(): Promise<string[]> {
  // D1 keeps its own `_cf_*` tables out of reach of the Worker; everything else is read, FTS5 shadow tables included.
  const tables = await all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
  );
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(["users", "notification_destinations", "email_outbox", "account_tokens"]),
  );
  const texts: string[] = [];
  for (const { name } of tables)
    for (const row of await all<Record<string, unknown>>(`SELECT * FROM "${name.replaceAll('"', '""')}"`))
      for (const value of Object.values(row)) {
        if (typeof value === "string") texts.push(value);
        else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) texts.push(new TextDecoder().decode(value));
      }
  return texts;
}

it("holds no two-factor secret, webhook secret, Slack URL or working link in clear", async () => {
  // Two-factor: one admin with it on, another in the middle of its set-up (a pending secret).
  const admin = await signedInAdmin();
  const totp = await turnOnTwoFactor(admin.cookie);
  const other = await signedInAdmin();
  const pendingTotp = await startTwoFactorSetup(other.cookie);

  // A signed webhook and a Slack destination, added on the page.
  const hookUrl = `https://hooks.example.com/dump/${uid()}?token=${uid()}${uid()}`;
  const slackUrl = `https://hooks.slack.com/services/T0DUMP/B0DUMP/${uid()}${uid()}${uid()}`;
  const created = await postForm(
    "/admin/settings/notifications",
    { intent: "create", key: crypto.randomUUID(), name: "CRM", kind: "webhook", url: hookUrl, events: ["person.created"] },
    { cookie: admin.cookie, headers: SAME_ORIGIN },
  );
  const whsec = /whsec_[A-Za-z0-9+/=]+/.exec(await created.text())![0];
  await postForm(
    "/admin/settings/notifications",
    { intent: "create", key: crypto.randomUUID(), name: "Team Slack", kind: "slack", url: slackUrl, events: ["person.created"] },
    { cookie: admin.cookie, headers: SAME_ORIGIN },
  );

  // Emails with single-use links: for each kind, one sent, one failed for good, one still waiting.
  const quiet = { testEnv: recordingEnv().env };
  const resetFor = [admin, other, await createUser()];
  const invitees = [`sent-${uid()}@example.com`, `failed-${uid()}@example.com`, `waiting-${uid()}@example.com`];
  const readers = [`sent-${uid()}@example.com`, `failed-${uid()}@example.com`, `waiting-${uid()}@example.com`];
  for (const user of resetFor) await postForm("/admin/forgot-password", { email: user.email }, { ...quiet, headers: SAME_ORIGIN });
  for (const email of invitees)
    await postForm("/admin/team", { intent: "invite", email }, { ...quiet, cookie: admin.cookie, headers: SAME_ORIGIN });
  for (const email of readers) await postForm("/newsletter", { email, redirectTo: "/" }, quiet);
  const rowOf = async (recipient: string, kind: string) =>
    (await all<{ id: string }>("SELECT id FROM email_outbox WHERE recipient = ?1 AND kind = ?2", recipient, kind))[0]!.id;
  const kinds = [
    { kind: "admin-password-reset", to: resetFor.map((u) => u.email), path: "/admin/reset-password" },
    { kind: "admin-invitation", to: invitees, path: "/admin/invitation" },
    { kind: "newsletter-confirm", to: readers, path: "/newsletter/confirm" },
  ];
  const outside = outsideWorld();
  const links: string[] = [];
  for (const { kind, to, path } of kinds) {
    await deliver([await rowOf(to[0]!, kind)], mailEnv());
    outside.mailStatus = 500;
    await deliver([await rowOf(to[1]!, kind)], mailEnv(), QUEUE_DELIVERIES);
    outside.mailStatus = 202;
    links.push(linkIn(outside, to[0]!, path), linkIn(outside, to[1]!, path));
  }
  expect(await all("SELECT status FROM email_outbox WHERE id = ?1", await rowOf(readers[1]!, "newsletter-confirm"))).toEqual([
    { status: "failed" },
  ]);
  // Every link emailed still works, the failed ones' too (their email may have arrived after all): live tokens.
  for (const link of links) expect((await get(new URL(link).pathname)).status, link).toBe(200);

  const texts = await dumpTexts();
  const dump = texts.join("\n");
  const secrets: Record<string, string> = {
    "the two-factor secret": totp,
    "the pending two-factor secret": pendingTotp,
    "the webhook signing secret": whsec,
    "the signing secret's key": whsec.slice("whsec_".length),
    "the webhook URL's token": new URL(hookUrl).searchParams.get("token")!,
    "the Slack URL": slackUrl,
    "the Slack URL's path": new URL(slackUrl).pathname,
  };
  for (const link of links) {
    const token = link.split("/").pop()!;
    secrets[`the link ${link}`] = link;
    // An account link carries `<id>.<secret>`: the id is not secret (it names the row), the secret is.
    secrets[`the token of ${link}`] = token.includes(".") ? token.split(".")[1]! : token;
  }
  for (const [what, value] of Object.entries(secrets)) expect(dump.includes(value), `${what} is in the dump`).toBe(false);
  // Nor in another case or encoding a reader might try.
  expect(dump.toLowerCase()).not.toContain(totp.toLowerCase());
  expect(dump).not.toContain(encodeURIComponent(slackUrl));

  // What is there: the sealed values (two secrets, two URLs and a signing secret, three waiting links), and
  // password hashes peppered (useless without the Worker's pepper).
  expect(texts.filter((t) => t.includes("enc:v1:test1:")).length).toBeGreaterThanOrEqual(8);
  const [hash] = await all<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = ?1", admin.id);
  expect(hash!.password_hash).toMatch(/^pbkdf2-sha256-pepper\$100000\$/);
  expect(await verifyPassword(admin.password, hash!.password_hash, null)).toBe(false);
  // Many requests, a dozen sends and a read of every table: longer than the default 5 s on a busy machine.
}, 30_000);
