/**
 * Purpose keys where links and hashes must outlive a rotation (ADR 0017), through the Worker: unsubscribe
 * links carry the address sealed, and every link sent (the old form too) keeps working after SESSION_SECRET
 * is rotated or kept only for `unsubscribe` after a leak; an audit lookup by email finds the entries hashed
 * under every accepted key.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailHash, emailHashes } from "~/lib/audit.server";
import { base64url } from "~/lib/crypto.server";
import { readUnsubscribeToken, unsubscribeUrl } from "~/lib/list-unsubscribe.server";
import * as make from "../factories";
import { createUser, get, login, SAME_ORIGIN } from "./admin-helpers";
import { all, cookieFrom, ORIGIN, postForm, recordingEnv, request } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const uid = () => crypto.randomUUID().slice(0, 8);

/** An unsubscribe link as the site made it before purpose keys: the address in base64url, HMAC under the raw root. */
async function legacyUnsubscribeUrl(root: string, list: string, email: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(root), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`list-unsubscribe:${list}:${email}`)));
  return `${ORIGIN}/unsubscribe/${list}.${base64url(new TextEncoder().encode(email))}.${base64url(mac)}`;
}

describe("unsubscribe links", () => {
  const OLD_ROOT = env.SESSION_SECRET;
  const rotated = (previous: string): Env => ({
    ...env,
    SESSION_SECRET: "a-new-root-after-rotation-0123456789",
    SESSION_SECRET_PREVIOUS: previous,
  });
  const oneClick = (url: string, testEnv: Env) =>
    request(
      new URL(url).pathname,
      // As a mailbox provider posts it: from its own servers, with its own Origin.
      {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
      },
      testEnv,
    );
  const onWaitlist = async (email: string) => {
    await postForm("/waitlist", { email, redirectTo: "/" }, { testEnv: recordingEnv().env });
    return () =>
      all<{ unsubscribed_at: number | null }>("SELECT unsubscribed_at FROM waitlist_entries WHERE email = ?1", email).then(
        (r) => r[0]!.unsubscribed_at,
      );
  };

  it("do not carry the address in readable form", async () => {
    const email = `Reader.${uid()}@Example.com`;
    const url = await unsubscribeUrl(env, "newsletter", email);
    const lower = email.toLowerCase();
    for (const shown of [lower, encodeURIComponent(lower), base64url(new TextEncoder().encode(lower)), btoa(lower), lower.split("@")[0]!])
      expect(url).not.toContain(shown);
    expect(await readUnsubscribeToken(env, url.split("/").pop()!)).toEqual({ list: "newsletter", email: lower });
    // The same link in every email to the address.
    expect(await unsubscribeUrl(env, "newsletter", lower)).toBe(url);
  });

  it("every link sent keeps working after SESSION_SECRET is rotated, planned or after a leak; old ones too", async () => {
    const email = `leaver-${uid()}@example.com`;
    const before = await unsubscribeUrl(env, "waitlist", email);
    const legacy = await legacyUnsubscribeUrl(OLD_ROOT, "waitlist", email);
    const unsubscribed = await onWaitlist(email);

    // Without the old root, neither opens.
    for (const url of [before, legacy]) expect((await oneClick(url, rotated(""))).status).toBe(404);
    // Planned rotation (bare) or after a leak (kept for unsubscribe only): both open.
    for (const previous of [OLD_ROOT, `unsubscribe+audit:${OLD_ROOT}`])
      for (const url of [before, legacy])
        expect(await readUnsubscribeToken(rotated(previous), url.split("/").pop()!)).toEqual({ list: "waitlist", email });
    expect((await oneClick(legacy, rotated(`unsubscribe:${OLD_ROOT}`))).status).toBe(200);
    expect(await unsubscribed()).toEqual(expect.any(Number));
    // The leaked root is refused everywhere else: its cookies do not sign anyone in.
    const session = cookieFrom(await login((await createUser()).email, "correct horse battery"), "__admin_session");
    expect((await get("/admin/dashboard", session, rotated(`unsubscribe:${OLD_ROOT}`))).headers.get("Location")).toBe("/admin/login");
  });

  it("an old-form link with a wrong signature, or one made for another address, is refused", async () => {
    const email = `leaver-${uid()}@example.com`;
    const unsubscribed = await onWaitlist(email);
    const forged = await legacyUnsubscribeUrl("not-the-site-secret", "waitlist", email);
    expect((await oneClick(forged, env)).status).toBe(404);
    const other = await legacyUnsubscribeUrl(OLD_ROOT, "waitlist", `someone-${uid()}@example.com`);
    const swapped = other.replace(/waitlist\.[\w-]+\./, `waitlist.${base64url(new TextEncoder().encode(email))}.`);
    expect((await oneClick(swapped, env)).status).toBe(404);
    expect(await unsubscribed()).toBeNull();
  });
});

describe("audit hashes", () => {
  it("a lookup by email finds entries hashed under the audit key, an earlier root's, and the raw root (before purpose keys)", async () => {
    const stranger = `stranger-${uid()}@example.com`;
    const OLD_ROOT = env.SESSION_SECRET;
    // Before purpose keys: HMAC under the raw root, as the log wrote it.
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(OLD_ROOT), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    const raw = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`audit-email:${stranger}`)));
    const legacyHash = [...raw.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
    await make.auditEntry.create(env.DB, {
      at: new Date(Date.now() - 60_000),
      action: "signin.failure",
      detail: { reason: "unknown-email", email: legacyHash },
    });
    // Under the audit purpose's key, then after a rotation (the old root kept for audit).
    expect((await login(stranger, "not a password at all")).status).toBe(401);
    const after: Env = { ...env, SESSION_SECRET: "the-next-root-secret-0123456789", SESSION_SECRET_PREVIOUS: `audit:${OLD_ROOT}` };
    expect(
      (await postForm("/admin/login", { email: stranger, password: "still not it" }, { testEnv: after, headers: SAME_ORIGIN })).status,
    ).toBe(401);

    const hashes = await emailHashes(after, stranger);
    expect(hashes).toEqual(expect.arrayContaining([legacyHash, await emailHash(env, stranger), await emailHash(after, stranger)]));
    expect(new Set([legacyHash, await emailHash(env, stranger), await emailHash(after, stranger)]).size).toBe(3);

    const admin = await createUser();
    const cookie = cookieFrom(
      await postForm("/admin/login", { email: admin.email, password: admin.password }, { testEnv: after, headers: SAME_ORIGIN }),
      "__admin_session",
    );
    const page = await (await get(`/admin/audit?${new URLSearchParams({ email: stranger.toUpperCase() })}`, cookie, after)).text();
    expect(page).toContain('data-testid="audit-count">3 entries');
    for (const hash of [legacyHash, await emailHash(env, stranger), await emailHash(after, stranger)]) expect(page).toContain(hash);
  });
});
