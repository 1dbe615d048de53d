/**
 * Worker logs never print a typed email, password or code. Every console
 * method is watched while the sign-in (wrong password, the slow-down past 10
 * attempts, wrong code, unknown email), a reset request, a newsletter sign-up,
 * a contact message and an invitation run through the Worker, also when D1
 * refuses a statement (a failed drizzle query carries its bound values in its
 * message): none of the typed values may appear in what is printed.
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { maskEmails } from "~/lib/log.server";
import { totpCode } from "../totp";
import { createUser, get, login, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { cookieFrom, envWithFailingStatements, freshIp, postForm, recordingEnv } from "./helpers";

const uid = crypto.randomUUID().slice(0, 8);
const TYPED = {
  adminEmail: `typed-admin-${uid}@example.com`,
  unknownEmail: `nobody-${uid}@example.com`,
  newsletterEmail: `reader-${uid}@example.com`,
  contactEmail: `writer-${uid}@example.com`,
  invitedEmail: `invitee-${uid}@example.com`,
  password: `typed password ${uid}`,
  code: "271828",
};

const METHODS = ["log", "info", "warn", "error", "debug"] as const;
let spies: MockInstance[] = [];
beforeAll(() => {
  spies = METHODS.map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
});
afterAll(() => {
  for (const spy of spies) spy.mockRestore();
});

/** Everything a console call printed: each argument as text, an error with its stack and causes. */
function printed(value: unknown): string {
  if (value instanceof Error) return [String(value), value.stack ?? "", value.cause === undefined ? "" : printed(value.cause)].join("\n");
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
const output = () => spies.flatMap((spy) => spy.mock.calls.flat().map(printed)).join("\n");

describe("worker logs", () => {
  it("masks email addresses in any log text", () => {
    expect(maskEmails("MailChannels answered 400: bad recipient ada+x@example.co.uk, sorry")).toBe(
      "MailChannels answered 400: bad recipient [email], sorry",
    );
  });

  it("print no typed email, password or code: sign-in, reset, newsletter, forms, and their errors", async () => {
    const { env: quiet } = recordingEnv();
    const post = (path: string, fields: Record<string, string>, extra: { cookie?: string; testEnv?: Env; ip?: string } = {}) =>
      postForm(path, fields, { headers: SAME_ORIGIN, testEnv: quiet, ...extra });

    // An admin whose email is the typed one, with two-factor on.
    const admin = await createUser({ password: TYPED.password });
    await quiet.DB.prepare("UPDATE users SET email = ?1 WHERE id = ?2").bind(TYPED.adminEmail, admin.id).run();
    const first = await login(TYPED.adminEmail, TYPED.password);
    const cookie = cookieFrom(first, "__admin_session");
    const setup = await (await get("/admin/account/two-factor", cookie)).text();
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(setup)![1]!;
    expect((await post("/admin/account/two-factor", { code: await totpCode(secret) }, { cookie })).status).toBe(200);

    // Wrong passwords, past the slow-down (the 11th attempt for the email in the window).
    for (let i = 0; i < 11; i++) {
      expect((await post("/admin/login", { email: TYPED.adminEmail, password: `${TYPED.password}!` }, { ip: freshIp() })).status).toBe(401);
    }
    expect((await post("/admin/login", { email: TYPED.unknownEmail, password: TYPED.password })).status).toBe(401);
    // The right password, then a wrong code.
    const pending = await post("/admin/login", { email: TYPED.adminEmail, password: TYPED.password });
    const wrongCode = await post("/admin/login/two-factor", { code: TYPED.code }, { cookie: cookieFrom(pending, "__admin_2fa") });
    expect(wrongCode.status).toBe(401);

    // A reset request, known and unknown.
    for (const email of [TYPED.adminEmail, TYPED.unknownEmail]) expect((await post("/admin/forgot-password", { email })).status).toBe(200);

    // The public forms.
    expect((await post("/newsletter", { email: TYPED.newsletterEmail, redirectTo: "/" })).status).toBeLessThan(400);
    const contact = { name: "Ada", email: TYPED.contactEmail, message: `My password is ${TYPED.password}`, redirectTo: "/contact" };
    expect((await post("/contact", contact)).status).toBeLessThan(400);

    // And when D1 refuses: a public form's batch, a sign-in's audit entry, an invitation's lookup (a drizzle query).
    const refusing = (match: RegExp) =>
      envWithFailingStatements({ match: (sql) => match.test(sql), message: "D1_ERROR: refused" }, quiet).env;
    expect((await post("/contact", contact, { testEnv: refusing(/insert into "?contact_messages/i) })).status).toBe(503);
    const auditFails = refusing(/insert into "audit_log"/i);
    expect((await post("/admin/login", { email: TYPED.unknownEmail, password: TYPED.password }, { testEnv: auditFails })).status).toBe(500);
    const inviter = await signedInAdmin();
    const invite = await post(
      "/admin/team",
      { intent: "invite", email: TYPED.invitedEmail },
      { cookie: inviter.cookie, testEnv: refusing(/"users"\."email" = \?/) },
    );
    expect(invite.status).toBe(500);

    const text = output();
    // The paths above did log (the slow-down, the failed form, the errors): the test watches real lines.
    expect(text).toContain("slowing them down");
    expect(text).toContain("Public form");
    expect(text).toContain("Failed query");
    for (const [what, value] of Object.entries(TYPED)) {
      expect(text.toLowerCase().includes(value.toLowerCase()), `${what} printed in the logs`).toBe(false);
    }
  }, 60_000);
});
