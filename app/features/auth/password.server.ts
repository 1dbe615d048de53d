/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto (works in workerd and in
 * Node), a random 16-byte salt per user. 100,000 iterations is Cloudflare's
 * production cap: more passes locally and fails after deploy. So a pepper
 * (ADR 0017): the password is first HMAC-SHA256'd under the Worker secret
 * `PASSWORD_PEPPER`, and PBKDF2 runs on that; a dump of the database alone
 * cannot be cracked offline, whatever the iteration count. Stored as
 * - `pbkdf2-sha256-pepper$<iterations>$<salt b64>$<hash b64>` (peppered), or
 * - `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (from before the pepper,
 *   or written by a script without it): still accepted, and replaced by the
 *   peppered form at the next successful sign-in (`upgradePasswordHash`).
 */
// Relative, and nothing else: scripts import this file in Node (admin-create.ts, bench-cpu.mjs).
import { passwordPepper } from "~/lib/env.server";

export { passwordPepper };

export const PBKDF2_ITERATIONS = 100_000;
const PLAIN = "pbkdf2-sha256";
const PEPPERED = "pbkdf2-sha256-pepper";
const KEY_BYTES = 32;

const encoder = new TextEncoder();
const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** What PBKDF2 runs on: the password itself, or its HMAC-SHA256 under the pepper. */
async function pbkdf2Input(password: string, pepper: string | null): Promise<Uint8Array<ArrayBuffer>> {
  if (pepper === null) return encoder.encode(password);
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(password)));
}

async function derive(input: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", input, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BYTES * 8);
  return new Uint8Array(bits);
}

/**
 * A new hash. With the pepper (`passwordPepper(env)` in the Worker), the peppered form; `null` only where the
 * pepper cannot be known (a script run without it): the older form, upgraded at the first sign-in.
 */
export async function hashPassword(password: string, pepper: string | null, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(await pbkdf2Input(password, pepper), salt, iterations);
  return `${pepper === null ? PLAIN : PEPPERED}$${iterations}$${toB64(salt)}$${toB64(hash)}`;
}

/** Compares every byte, whatever the first difference, so timing says nothing. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Whether the password matches a stored hash of either form. A peppered hash needs the pepper it was made with. */
export async function verifyPassword(password: string, stored: string, pepper: string | null): Promise<boolean> {
  const [algorithm, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if ((algorithm !== PLAIN && algorithm !== PEPPERED) || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText)
    return false;
  if (algorithm === PEPPERED && pepper === null) return false;
  const expected = fromB64(hashText);
  const actual = await derive(await pbkdf2Input(password, algorithm === PEPPERED ? pepper : null), fromB64(saltText), iterations);
  return constantTimeEqual(actual, expected);
}

/** Whether a stored hash is of the current form (peppered, at the current iteration count). */
export function isCurrentHash(stored: string): boolean {
  return stored.startsWith(`${PEPPERED}$${PBKDF2_ITERATIONS}$`);
}

/**
 * After a successful sign-in with `password`: a hash of an older form (no pepper, another iteration count) is
 * replaced by a current one. Guarded on the hash read, so a password changed meanwhile is never overwritten.
 * A failure is logged, never the sign-in's: the next sign-in tries again.
 */
export async function upgradePasswordHash(env: Env, user: { id: string; passwordHash: string }, password: string): Promise<void> {
  if (isCurrentHash(user.passwordHash)) return;
  try {
    await env.DB.prepare("UPDATE users SET password_hash = ?1 WHERE id = ?2 AND password_hash = ?3")
      .bind(await hashPassword(password, passwordPepper(env)), user.id, user.passwordHash)
      .run();
  } catch (error) {
    console.error("Could not upgrade a password hash; the next sign-in tries again", error);
  }
}

/** A hash of a random password: verifying against it costs the same as a real one. */
export const DUMMY_HASH = "pbkdf2-sha256-pepper$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
