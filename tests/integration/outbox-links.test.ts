/**
 * Single-use links in the outbox (ADR 0017), through the Worker: a reset, invitation or newsletter
 * confirmation link is sealed in its row while it waits and leaves the row at the first try, sent or not; a
 * later try (an admin's Resend, the sweeper) makes a new link and withdraws the old token, and sends
 * nothing when the link was withdrawn meanwhile.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QUEUE_DELIVERIES } from "~/email/policy";
import { unseal } from "~/lib/encryption.server";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm, recordingEnv, request } from "./helpers";
import { deliver, linkIn, mailEnv, outsideWorld, runCron, uid } from "./key-helpers";

afterEach(() => vi.restoreAllMocks());

describe("single-use links in the outbox", () => {
  const failedAtLastTry = async (id: string, testEnv: Env) => {
    const outside = outsideWorld();
    outside.mailStatus = 500;
    await deliver([id], mailEnv(testEnv), QUEUE_DELIVERIES);
    vi.restoreAllMocks();
    return outside;
  };
  const outboxRow = (id: string) =>
    all<{ status: string; payload: string; last_error: string | null; attempts: number }>(
      "SELECT status, payload, last_error, attempts FROM email_outbox WHERE id = ?1",
      id,
    ).then((r) => r[0]!);

  it("a reset link is sealed while waiting, leaves the row at its first try; Resend makes a new link and withdraws the old", async () => {
    const admin = await signedInAdmin();
    await postForm("/admin/forgot-password", { email: admin.email }, { headers: SAME_ORIGIN, testEnv: recordingEnv().env });
    const [row] = await all<{ id: string; payload: string }>(
      "SELECT id, payload FROM email_outbox WHERE kind = 'admin-password-reset' AND recipient = ?1",
      admin.email,
    );
    const sealed = (JSON.parse(row!.payload) as { link: string }).link;
    expect(sealed).toMatch(/^enc:v1:test1:/);

    const tried = await failedAtLastTry(row!.id, env);
    const oldLink = linkIn(tried, admin.email, "/admin/reset-password");
    expect(oldLink).toBe(await unseal(env, "email-link", sealed));
    const failed = await outboxRow(row!.id);
    expect(failed.status).toBe("failed");
    expect(JSON.parse(failed.payload)).toEqual({});

    const resend = await postForm(
      "/admin/dashboard/outbox",
      { intent: "resend", id: row!.id },
      { cookie: admin.cookie, testEnv: recordingEnv().env, headers: SAME_ORIGIN },
    );
    expect(resend.status).toBe(302);
    const outside = outsideWorld();
    await deliver([row!.id], mailEnv(env));
    const newLink = linkIn(outside, admin.email, "/admin/reset-password");
    expect(newLink).not.toBe(oldLink);
    expect((await outboxRow(row!.id)).status).toBe("sent");
    expect((await get(new URL(oldLink).pathname)).status).toBe(410);
    expect((await get(new URL(newLink).pathname)).status).toBe(200);
    const tokens = await all<{ revoked_at: number | null }>(
      "SELECT revoked_at FROM account_tokens WHERE kind = 'password-reset' AND email = ?1 ORDER BY created_at",
      admin.email,
    );
    expect(tokens.map((t) => t.revoked_at === null)).toEqual([false, true]);
  });

  it("the sweeper's try of a failed invitation makes a new link; after the invitation is withdrawn, nothing is sent", async () => {
    const admin = await signedInAdmin();
    const invite = async (email: string) => {
      await postForm(
        "/admin/team",
        { intent: "invite", email },
        { cookie: admin.cookie, testEnv: recordingEnv().env, headers: SAME_ORIGIN },
      );
      return (await all<{ id: string }>("SELECT id FROM email_outbox WHERE recipient = ?1 AND kind = 'admin-invitation'", email))[0]!.id;
    };
    const email = `invitee-${uid()}@example.com`;
    const id = await invite(email);
    const oldLink = linkIn(await failedAtLastTry(id, env), email, "/admin/invitation");
    await env.DB.prepare("UPDATE email_outbox SET next_attempt_at = ?1 WHERE id = ?2")
      .bind(Date.now() - 1000, id)
      .run();
    const swept = recordingEnv();
    await runCron(swept.env);
    expect(swept.messages).toContainEqual({ outboxId: id });
    const outside = outsideWorld();
    await deliver([id], mailEnv(env));
    const newLink = linkIn(outside, email, "/admin/invitation");
    expect(newLink).not.toBe(oldLink);
    expect((await get(new URL(oldLink).pathname)).status).toBe(410);
    expect((await get(new URL(newLink).pathname)).status).toBe(200);

    // Withdrawn by an admin while its email was failing: a Resend revives nothing.
    const other = `invitee-${uid()}@example.com`;
    const otherId = await invite(other);
    const otherLink = linkIn(await failedAtLastTry(otherId, env), other, "/admin/invitation");
    const [token] = await all<{ id: string }>("SELECT id FROM account_tokens WHERE email = ?1", other);
    await postForm("/admin/team", { intent: "revoke", invitationId: token!.id }, { cookie: admin.cookie, headers: SAME_ORIGIN });
    await postForm(
      "/admin/dashboard/outbox",
      { intent: "resend", id: otherId },
      { cookie: admin.cookie, testEnv: recordingEnv().env, headers: SAME_ORIGIN },
    );
    const quiet = outsideWorld();
    await deliver([otherId], mailEnv(env));
    expect(quiet.emails).toEqual([]);
    expect(await outboxRow(otherId)).toMatchObject({
      status: "failed",
      last_error: "Not sent: its link was used or withdrawn meanwhile",
      attempts: 12,
    });
    expect(await all("SELECT id FROM account_tokens WHERE email = ?1 AND revoked_at IS NULL", other)).toEqual([]);
    expect((await get(new URL(otherLink).pathname)).status).toBe(410);
  });

  it("a newsletter confirmation sent again has a new link; the old one no longer confirms", async () => {
    const email = `reader-${uid()}@example.com`;
    await postForm("/newsletter", { email, redirectTo: "/" }, { testEnv: recordingEnv().env });
    const [row] = await all<{ id: string; payload: string }>("SELECT id, payload FROM email_outbox WHERE recipient = ?1", email);
    expect((JSON.parse(row!.payload) as { confirmUrl: string }).confirmUrl).toMatch(/^enc:v1:test1:/);
    const oldLink = linkIn(await failedAtLastTry(row!.id, env), email, "/newsletter/confirm");
    expect(JSON.parse((await outboxRow(row!.id)).payload)).toEqual({ email });
    const admin = await signedInAdmin();
    await postForm(
      "/admin/dashboard/outbox",
      { intent: "resend", id: row!.id },
      { cookie: admin.cookie, testEnv: recordingEnv().env, headers: SAME_ORIGIN },
    );
    const outside = outsideWorld();
    await deliver([row!.id], mailEnv(env));
    const newLink = linkIn(outside, email, "/newsletter/confirm");
    expect(newLink).not.toBe(oldLink);
    expect((await request(new URL(oldLink).pathname)).status).toBe(410);
    const confirm = await postForm(new URL(newLink).pathname, {}, { testEnv: recordingEnv().env });
    expect(confirm.status).toBe(200);
    expect(await all("SELECT status FROM newsletter_subscribers WHERE email = ?1", email)).toEqual([{ status: "confirmed" }]);
  });
});
