/**
 * Helpers for the key-handling tests (ADR 0017): the outside world a test drives the site against
 * (MailChannels and webhook receivers, through a fetch mock that records what they were sent), the
 * queue consumer and the cron through the Worker, and two-factor set-up through the pages.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { expect, vi } from "vitest";
import worker from "../../server";
import { MAILCHANNELS_URL, type MailChannelsBody } from "~/email/transports.server";
import { get, SAME_ORIGIN } from "./admin-helpers";
import { totpCode } from "../totp";
import { all, postForm } from "./helpers";

/** An env that sends through MailChannels (its API is the fetch mock below). */
export const mailEnv = (base: Env = env): Env => ({ ...base, EMAIL_TRANSPORT: "mailchannels", MAILCHANNELS_API_KEY: "mc-test-key" });

export interface Outside {
  /** Every email MailChannels was asked to send (its text body), in order. */
  emails: { to: string; text: string }[];
  /** Every POST to a receiver (webhook and Slack destinations: `https://hooks.…` in these tests). */
  posts: { url: string; headers: Record<string, string>; body: string }[];
  /** The status MailChannels answers from now on (202 accepted, 500 down). */
  mailStatus: number;
}

/**
 * The outside world as a fetch mock: MailChannels (answering `mailStatus`) and receivers at `https://hooks.…`
 * that answer 200. Anything else goes on (Turnstile's siteverify to its stub).
 */
export function outsideWorld(): Outside {
  const outside: Outside = { emails: [], posts: [], mailStatus: 202 };
  const passOn = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = String(init?.body ?? "");
    if (url === MAILCHANNELS_URL) {
      const sent = JSON.parse(body) as MailChannelsBody;
      outside.emails.push({ to: sent.personalizations[0]!.to[0]!.email, text: sent.content[0]!.value });
      return new Response(outside.mailStatus === 202 ? null : "down", { status: outside.mailStatus });
    }
    if (!url.startsWith("https://hooks.")) return passOn(input, init);
    outside.posts.push({ url, headers: Object.fromEntries(new Headers(init?.headers).entries()), body });
    return new Response("ok", { status: 200 });
  });
  return outside;
}

/** Runs the real queue consumer (through the Worker) on outbox rows; `attempts` is the queue's delivery count. */
export async function deliver(ids: string[], testEnv: Env, attempts = 1) {
  const batch = createMessageBatch(
    "founder-leads-email",
    ids.map((outboxId) => ({
      id: `msg-${outboxId}-${attempts}-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts,
      body: { outboxId },
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

/** Runs the Worker's cron once. */
export async function runCron(testEnv: Env, at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: at }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** The last link under `path` in the emails to `to`. */
export function linkIn(outside: Outside, to: string, path: string): string {
  const email = outside.emails.filter((e) => e.to === to).at(-1);
  const link = email ? new RegExp(`https?://[^\\s]+${path.replace(/[/.]/g, "\\$&")}/[^\\s]+`).exec(email.text)?.[0] : undefined;
  expect(link, `a link under ${path} in an email to ${to}`).toBeTruthy();
  return link!;
}

/** Turns two-factor sign-in on through the pages; returns the secret the page shows. */
export async function turnOnTwoFactor(cookie: string, testEnv: Env = env): Promise<string> {
  const secret = await startTwoFactorSetup(cookie, testEnv);
  const res = await postForm("/admin/account/two-factor", { code: await totpCode(secret) }, { cookie, testEnv, headers: SAME_ORIGIN });
  expect(res.status).toBe(200);
  return secret;
}

/** Opens the set-up page (a pending secret is made); returns the secret it shows. */
export async function startTwoFactorSetup(cookie: string, testEnv: Env = env): Promise<string> {
  const page = await get("/admin/account/two-factor", cookie, testEnv);
  expect(page.status).toBe(200);
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(await page.text())?.[1];
  expect(secret).toBeTruthy();
  return secret!;
}

/** Signs in with the password, then the app's code of the next time step; returns the session cookie. */
export async function signInWithCode(user: { email: string; password: string }, secret: string, testEnv: Env = env): Promise<string> {
  const first = await postForm("/admin/login", { email: user.email, password: user.password }, { testEnv, headers: SAME_ORIGIN });
  expect(first.headers.get("Location")).toBe("/admin/login/two-factor");
  const pending = first.headers
    .getSetCookie()
    .find((c) => c.startsWith("__admin_2fa="))!
    .split(";")[0]!;
  const res = await postForm(
    "/admin/login/two-factor",
    { code: await totpCode(secret, 1) },
    { cookie: pending, testEnv, headers: SAME_ORIGIN },
  );
  expect(res.headers.get("Location")).toBe("/admin/dashboard");
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__admin_session="))!
    .split(";")[0]!;
}

export const uid = () => crypto.randomUUID().slice(0, 8);

/** The user's stored secrets and password hash. */
export const userRow = (id: string) =>
  all<{ totp_secret: string | null; totp_pending_secret: string | null; password_hash: string }>(
    "SELECT totp_secret, totp_pending_secret, password_hash FROM users WHERE id = ?1",
    id,
  ).then((rows) => rows[0]!);
