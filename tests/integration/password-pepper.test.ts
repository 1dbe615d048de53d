/**
 * The password pepper (ADR 0017), through the Worker: a hash from before it still signs in and is replaced
 * by a peppered one at once; a peppered hash is worthless without the Worker's pepper.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { createUser, login, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { postForm } from "./helpers";
import { userRow } from "./key-helpers";

describe("password pepper", () => {
  it("signs in with a hash from before the pepper and upgrades it at once; a wrong password changes nothing", async () => {
    const user = await createUser();
    const legacy = await hashPassword(user.password, null);
    await env.DB.prepare("UPDATE users SET password_hash = ?1 WHERE id = ?2").bind(legacy, user.id).run();
    expect((await login(user.email, "a wrong password here")).status).toBe(401);
    expect((await userRow(user.id)).password_hash).toBe(legacy);

    expect((await login(user.email, user.password)).status).toBe(302);
    const upgraded = (await userRow(user.id)).password_hash;
    expect(upgraded).toMatch(/^pbkdf2-sha256-pepper\$100000\$/);
    expect(await verifyPassword(user.password, upgraded, env.PASSWORD_PEPPER!)).toBe(true);
    expect(await verifyPassword(user.password, upgraded, null)).toBe(false);
    expect((await login(user.email, user.password)).status).toBe(302);
    // Without the Worker's pepper, the stored hash is worth nothing.
    expect(
      (
        await postForm(
          "/admin/login",
          { email: user.email, password: user.password },
          { testEnv: { ...env, PASSWORD_PEPPER: "another-pepper-value" }, headers: SAME_ORIGIN },
        )
      ).status,
    ).toBe(401);
  });

  it("stores a changed password peppered", async () => {
    const admin = await signedInAdmin();
    const res = await postForm(
      "/admin/account",
      {
        intent: "change-password",
        currentPassword: admin.password,
        newPassword: "granite lantern orbit seven",
        confirmPassword: "granite lantern orbit seven",
      },
      { cookie: admin.cookie, headers: SAME_ORIGIN },
    );
    expect(res.status).toBeLessThan(400);
    expect((await userRow(admin.id)).password_hash).toMatch(/^pbkdf2-sha256-pepper\$100000\$/);
  });
});
