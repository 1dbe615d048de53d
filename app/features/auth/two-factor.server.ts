/**
 * Two-factor sign-in (TOTP, RFC 6238) with `@epic-web/totp`: SHA-1, 6 digits,
 * 30 s, one step of clock drift either way: what authenticator apps expect.
 * Set-up keeps a pending secret on the user until a code confirms it; then 10
 * single-use recovery codes are made and shown once (ADR 0010).
 * Both secrets are stored sealed (app/lib/encryption.server.ts, ADR 0017).
 *
 * - New secrets have 160 bits (RFC 4226 §4: 20 random bytes, base32); secrets
 *   made before (80 bits) keep working.
 * - Recovery codes are stored as a keyed hash: HMAC-SHA256 under the
 *   "recovery-code" purpose's key (keys.server.ts) of the admin's id and the
 *   code, so a copy of the database cannot be searched for codes offline.
 *   Codes stored before (SHA-256, no key) are still accepted until replaced.
 * - Wrong codes are counted per admin, whatever the address (`CODE_RULE`): the
 *   sign-in's second step and the account page's code checks alike.
 */
import { auditEntry } from "~/lib/audit.server";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import { recoveryCodes, users } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { sha256Hex } from "~/lib/crypto.server";
import { getDb, type Db } from "~/lib/db.server";
import type { Sealed } from "~/db/shared";
import { seal, unseal } from "~/lib/encryption.server";
import { macsFor, signFor } from "~/lib/keys.server";
import { rateLimitHit, rateLimitResult, rateLimitUncount, type RateLimitRule } from "~/lib/rate-limit.server";
import { twoFactorLockEmail } from "./account.emails";
import type { AdminActor } from "./guard.server";
import { endOtherSessions } from "./sessions.server";

const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;
const ISSUER = "Founder Leads";
export const RECOVERY_CODE_COUNT = 10;

const currentStep = () => Math.floor(Date.now() / 1000 / TOTP.period);

/** The time step a code belongs to (now, or one step either side), or null when it is not a valid code. */
export async function totpStep(env: Env, stored: Sealed | string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = await unseal(env, "totp", stored);
  for (;;) {
    const step = currentStep();
    const result = await verifyTOTP({ otp: code, secret, ...TOTP, window: 1 });
    // The library reads the clock too: if a step boundary passed meanwhile, ask again.
    if (currentStep() === step) return result ? step + result.delta : null;
  }
}

/**
 * Accepts a code's time step once: the statement changes the admin's row only for a step later than the
 * last accepted one (one statement, so two sign-ins with the same code at once get one row back).
 */
export function useTotpStep(db: Db, userId: string, step: number) {
  return db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), isNotNull(users.totpSecret), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
}

/** A code shaped like a TOTP code (6 digits); anything else is tried as a recovery code. */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, without padding (20 bytes are 32 characters exactly). */
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

/** The bytes of a new secret: 160 bits, the length RFC 4226 §4 requires of an HOTP key (the library's default is 80). */
export const TOTP_SECRET_BYTES = 20;

/** A new TOTP secret, base32 (32 characters). */
export const newTotpSecret = () => base32(crypto.getRandomValues(new Uint8Array(TOTP_SECRET_BYTES)));

/** Starts (or restarts) set-up: a new pending secret. */
export async function startTwoFactorSetup(env: Env, userId: string): Promise<void> {
  await getDb(env)
    .update(users)
    .set({ totpPendingSecret: await seal(env, "totp", newTotpSecret()) })
    .where(eq(users.id, userId));
}

export interface TwoFactorSetup {
  secret: string;
  /** The QR code of the otpauth:// URI, as an SVG data URL drawn on the server. */
  qrDataUrl: string;
}

export function setupDetails(secret: string, email: string): TwoFactorSetup {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: email, issuer: ISSUER });
  const svg = renderSVG(uri, { border: 2 });
  return { secret, qrDataUrl: `data:image/svg+xml;base64,${btoa(svg)}` };
}

const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // 32 symbols: no l, o, 0, 1

/** `xxxxx-xxxxx`: 50 random bits; stored only as a keyed hash, so no copy of the database can be searched for one. */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** How a keyed hash is stored: told apart from the older unkeyed SHA-256 (64 hex digits). */
const KEYED_PREFIX = "hmac:";

/** A recovery code as it is stored: the HMAC of the admin's id and the code under the "recovery-code" purpose's key. */
const storedRecoveryCode = async (env: Env, userId: string, code: string) =>
  `${KEYED_PREFIX}${await signFor(env, "recovery-code", `${userId}:${normalizeRecoveryCode(code)}`)}`;

/**
 * Every stored form a typed recovery code may have: its HMAC under the current key and each earlier root
 * still accepted (a rotated SESSION_SECRET), and the unkeyed SHA-256 of codes made before keyed hashes.
 */
export async function recoveryCodeForms(env: Env, userId: string, code: string): Promise<string[]> {
  const normalized = normalizeRecoveryCode(code);
  const keyed = await macsFor(env, "recovery-code", `${userId}:${normalized}`);
  return [...keyed.map((mac) => `${KEYED_PREFIX}${mac}`), await sha256Hex(`recovery-code:${normalized}`)];
}

/** Ten new recovery codes: the codes, to show once, and the statements storing them instead of the old ones (for one batch). */
export async function newRecoveryCodes(env: Env, db: Db, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => storedRecoveryCode(env, userId, code)));
  const statements = [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash }))),
  ] as const;
  return { codes, statements };
}

/**
 * Confirms set-up with a code from the app: turns two-factor on with the
 * pending secret, replaces the recovery codes and ends the admin's other
 * sessions (the current one stays), in one batch. Returns the new recovery
 * codes (to show once), or null when the code is wrong or there is no set-up
 * in progress.
 */
export async function confirmTwoFactor(env: Env, code: string, { admin, actor }: AdminActor): Promise<string[] | null> {
  const db = getDb(env);
  const userId = admin.id;
  const user = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId)).get();
  const step = user?.pending ? await totpStep(env, user.pending, code) : null;
  if (!user?.pending || step === null) return null;
  const { codes, statements } = await newRecoveryCodes(env, db, userId);
  await db.batch([
    // Recorded only when this confirmation is the one that turns it on (the update's own condition).
    auditEntry(
      db,
      { action: "account.2fa-enable", actor, resource: "users", recordId: userId },
      sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND totp_pending_secret = ${user.pending})`,
    ),
    db
      .update(users)
      // The confirming code is used: it cannot sign in.
      .set({ totpSecret: user.pending, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, userId), eq(users.totpPendingSecret, user.pending))),
    ...statements,
    endOtherSessions(db, userId, admin.sessionId),
  ]);
  return codes;
}

/** The statements that turn two-factor off and forget the recovery codes. */
export function disableTwoFactorStatements(db: Db, userId: string) {
  return [
    db
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ] as const;
}

/**
 * Uses a recovery code: deleted as it is checked (one statement), so it works once, even twice at once.
 * `forms` are what `recoveryCodeForms` gives for the typed code.
 */
export function useRecoveryCode(db: Db, userId: string, forms: string[]) {
  return db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), inArray(recoveryCodes.codeHash, forms)))
    .returning({ userId: recoveryCodes.userId });
}

// ---------------------------------------------------------------- wrong codes

/**
 * Wrong codes per admin, whatever the address: the 5th in a 15-minute window
 * locks the admin's second step (sign-in) and code checks (account page) until
 * the window ends, from every address. Only someone who knows the password
 * gets to type a code, so only they can cause the lock; the admin is emailed
 * at once. Each attempt is counted before its code is checked, in one atomic
 * statement (two at once both count); a right code takes its own attempt
 * back, so the count is of wrong codes. A right password never touches it.
 */
export const CODE_RULE = { name: "2fa-code", limit: 5, windowSeconds: 15 * 60 } satisfies RateLimitRule;

/** The statement counting a code attempt of this admin (its rows go to `codeAttempt`). */
export const countCodeAttempt = (db: Db, userId: string, now: number) => rateLimitHit(db, CODE_RULE, userId, now);

/** Takes a counted attempt back: the code was right (or was never checked). */
export const uncountCodeAttempt = (db: Db, userId: string, now: number) => rateLimitUncount(db, CODE_RULE, userId, now);

export interface CodeAttempt {
  /** Attempts in the window, this one included. */
  count: number;
  /** False: the admin's codes are locked; refuse without checking. */
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
  /** This attempt, if wrong, is the one that locks. */
  locksIfWrong: boolean;
}

export function codeAttempt(rows: { count: number }[], now: number): CodeAttempt {
  const result = rateLimitResult(CODE_RULE, rows, now);
  return { ...result, locksIfWrong: result.count === CODE_RULE.limit };
}

/** When the lock ends, for the messages: the end of the window, in ms. */
export const lockEndsAt = (attempt: CodeAttempt, now: number) => now + attempt.retryAfterSeconds * 1000;

/**
 * After the wrong code that locks: the lock's audit entry (no actor: whoever typed it may not be the
 * admin) and the email telling the admin, in one batch through the outbox and the queue. The entry is
 * written only if no lock of this admin was recorded in the last window, and the email only with it: one
 * email per lock, even when several wrong codes arrive at once or a retry runs twice.
 */
export async function notifyCodeLock(
  env: Env,
  user: { id: string; email: string },
  details: { failures: number; address: string | null; until: number; now: number },
): Promise<void> {
  const since = details.now - CODE_RULE.windowSeconds * 1000;
  await storeAndNotify(env, {
    label: "two-factor lock notice",
    records: (db) => [
      auditEntry(
        db,
        {
          action: "account.2fa-lock",
          actor: null,
          address: details.address,
          resource: "users",
          recordId: user.id,
          detail: { failures: details.failures, until: details.until },
        },
        sql`NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'account.2fa-lock' AND record_id = ${user.id} AND at > ${since})`,
      ),
    ],
    drafts: [outboxDraft(twoFactorLockEmail, user.email, { failures: details.failures, until: details.until, address: details.address })],
    onlyIfChanged: true,
  });
}

/** How many recovery codes are left. */
export async function recoveryCodesLeft(env: Env, userId: string): Promise<number> {
  const rows = await getDb(env)
    .select({ userId: recoveryCodes.userId })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNotNull(recoveryCodes.codeHash)))
    .all();
  return rows.length;
}

/** The set-up in progress for this admin (started now if there is none). */
export async function pendingSetup(env: Env, userId: string, email: string): Promise<TwoFactorSetup> {
  const read = () => getDb(env).select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId)).get();
  let row = await read();
  if (!row?.pending) {
    await startTwoFactorSetup(env, userId);
    row = await read();
  }
  return setupDetails(await unseal(env, "totp", row!.pending!), email);
}
