/**
 * Encryption at rest (ADR 0017): the values a database dump must not give away (two-factor secrets,
 * webhook signing secrets and destination URLs, the single-use links of emails waiting in the outbox)
 * are stored sealed with AES-256-GCM (Web Crypto) under the Worker secret `DATA_ENCRYPTION_KEYS`.
 *
 * - `DATA_ENCRYPTION_KEYS` holds one or more keys, `<id>:<32 bytes, base64>`, separated by commas or
 *   spaces. The first is the current one: every value is sealed with it. The others still open what
 *   was sealed with them, until `npm run keys:rotate` (or the cron, a page per run) has re-sealed
 *   every value under the current key; then they can go.
 * - A sealed value is text: `enc:v1:<key id>:<IV, base64url>:<ciphertext and tag, base64url>`. The
 *   key id says which key opens it. What the value is (its context, e.g. `totp`) is bound as GCM's
 *   additional data, so a value copied into another column does not open there.
 * - A value without the prefix is a row from before encryption: it is read as it is, and sealed by
 *   the cron or the command. Nothing is ever written in clear: with no key, a write is an error.
 */
import { aesGcmDecrypt, aesGcmEncrypt, base64url, fromBase64url, importAesKey } from "./crypto.server";
import { dataEncryptionKeys } from "./env.server";
import type { Sealed } from "~/db/shared";

/** What a sealed value is; bound to its ciphertext. */
export type SealContext = "totp" | "webhook-secret" | "destination-url" | "email-link";

export const SEALED_PREFIX = "enc:v1:";

type KeysEnv = Pick<Env, "DATA_ENCRYPTION_KEYS" | "ENVIRONMENT" | "SITE_URL">;

export interface DataKeyring {
  /** The id of the key every value is sealed with. */
  currentId: string;
  keys: ReadonlyMap<string, CryptoKey>;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The entries of `DATA_ENCRYPTION_KEYS`, current first. A malformed entry is an error (its key is never printed). */
export function parseDataKeys(text: string): { id: string; bytes: Uint8Array<ArrayBuffer> }[] {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) throw new Error("DATA_ENCRYPTION_KEYS holds no key");
  const seen = new Set<string>();
  return entries.map((entry, i) => {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, Math.max(colon, 0));
    const bytes = colon > 0 ? fromBase64url(entry.slice(colon + 1)) : null;
    if (!KEY_ID.test(id)) throw new Error(`DATA_ENCRYPTION_KEYS: entry ${i + 1} is not <id>:<key> (an id of letters, digits, - or _)`);
    if (!bytes || bytes.length !== 32) throw new Error(`DATA_ENCRYPTION_KEYS: the key "${id}" is not 32 bytes in base64`);
    if (seen.has(id)) throw new Error(`DATA_ENCRYPTION_KEYS: the id "${id}" is used twice`);
    seen.add(id);
    return { id, bytes };
  });
}

const keyrings = new Map<string, Promise<DataKeyring>>();

/** The keys of this deployment, imported once per isolate. */
export function dataKeyring(env: KeysEnv): Promise<DataKeyring> {
  const text = dataEncryptionKeys(env);
  let ring = keyrings.get(text);
  if (!ring) {
    const entries = parseDataKeys(text);
    ring = Promise.all(entries.map(async (e) => [e.id, await importAesKey(e.bytes)] as const)).then((keys) => ({
      currentId: entries[0]!.id,
      keys: new Map(keys),
    }));
    keyrings.set(text, ring);
  }
  return ring;
}

/** Seals a value under the current key. */
export async function seal(env: KeysEnv, context: SealContext, plaintext: string): Promise<Sealed> {
  return sealWith(await dataKeyring(env), context, plaintext);
}

export async function sealWith(ring: DataKeyring, context: SealContext, plaintext: string): Promise<Sealed> {
  const { iv, ciphertext } = await aesGcmEncrypt(ring.keys.get(ring.currentId)!, plaintext, context);
  return `${SEALED_PREFIX}${ring.currentId}:${base64url(iv)}:${base64url(ciphertext)}` as Sealed;
}

/** The id of the key a stored value was sealed with; null for a value in clear (from before encryption). */
export function sealedKeyId(stored: string): string | null {
  if (!stored.startsWith(SEALED_PREFIX)) return null;
  return stored.slice(SEALED_PREFIX.length).split(":", 1)[0] ?? null;
}

/**
 * The value behind a stored one. A value in clear (from before encryption) is returned as it is. A sealed
 * value whose key is not in `DATA_ENCRYPTION_KEYS`, or that does not open (altered, or another context), is
 * an error: never taken for the value itself.
 */
export async function unseal(env: KeysEnv, context: SealContext, stored: Sealed | string): Promise<string> {
  return unsealWith(await dataKeyring(env), context, stored);
}

export async function unsealWith(ring: DataKeyring, context: SealContext, stored: Sealed | string): Promise<string> {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  const [id, ivText, ciphertextText, ...rest] = stored.slice(SEALED_PREFIX.length).split(":");
  const key = id ? ring.keys.get(id) : undefined;
  if (!key) throw new Error(`A ${context} value is sealed with the key "${id}", which DATA_ENCRYPTION_KEYS no longer holds`);
  const iv = fromBase64url(ivText ?? "");
  const ciphertext = fromBase64url(ciphertextText ?? "");
  const plaintext = iv && ciphertext && rest.length === 0 ? await aesGcmDecrypt(key, iv, ciphertext, context) : null;
  if (plaintext === null) throw new Error(`A ${context} value sealed with the key "${id}" does not open: it was altered`);
  return plaintext;
}
