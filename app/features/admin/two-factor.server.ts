/**
 * Two-factor sign-in (TOTP, RFC 6238) with `@epic-web/totp`: SHA-1, 6 digits,
 * 30 s, one step of clock drift either way: what authenticator apps expect.
 * Set-up keeps a pending secret on the user until a code confirms it; then 10
 * single-use recovery codes are made, shown once and stored as SHA-256.
 * Both secrets are stored sealed (app/lib/encryption.server.ts, ADR 0017).
 */
import { auditEntry, type Actor } from "~/lib/audit.server";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import { recoveryCodes, users } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { getDb, type Db } from "~/lib/db.server";
import { seal, unseal, type Sealed } from "~/lib/encryption.server";

const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;
const ISSUER = "Founder Leads";
export const RECOVERY_CODE_COUNT = 10;

const currentStep = () => Math.floor(Date.now() / 1000 / TOTP.period);

/** The time step a code belongs to (now, or one step either side), or null when it is not a valid code. */
export async function totpStep(env: Env, stored: Sealed, code: string): Promise<number | null> {
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

/** Starts (or restarts) set-up: a new pending secret. */
export async function startTwoFactorSetup(env: Env, userId: string): Promise<void> {
  const { secret } = await generateTOTP(TOTP);
  await getDb(env)
    .update(users)
    .set({ totpPendingSecret: await seal(env, "totp", secret) })
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

/** `xxxxx-xxxxx`: 50 random bits. */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
export const hashRecoveryCode = (code: string) => sha256Hex(`recovery-code:${normalizeRecoveryCode(code)}`);

/**
 * Confirms set-up with a code from the app: turns two-factor on with the
 * pending secret and replaces the recovery codes, in one batch. Returns the
 * new recovery codes (to show once), or null when the code is wrong or there
 * is no set-up in progress.
 */
export async function confirmTwoFactor(env: Env, userId: string, code: string, actor: Actor): Promise<string[] | null> {
  const db = getDb(env);
  const user = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId)).get();
  const step = user?.pending ? await totpStep(env, user.pending, code) : null;
  if (!user?.pending || step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
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
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash }))),
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

/** Uses a recovery code: deleted as it is checked (one statement), so it works once, even twice at once. */
export function useRecoveryCode(db: Db, userId: string, codeHash: string) {
  return db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
    .returning({ userId: recoveryCodes.userId });
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
