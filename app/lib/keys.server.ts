/**
 * The site's signing keys: one per purpose, derived from the root secret (ADR 0017).
 *
 * - The root is `SESSION_SECRET`. No code signs with it directly: each purpose
 *   gets its own key, HKDF-SHA256(root, salt, info = "founder-leads/<purpose>"),
 *   so a MAC made for one purpose (a cookie) is worthless for another (an
 *   unsubscribe link), and one purpose's key can be told from another's.
 * - `SESSION_SECRET_PREVIOUS` lists earlier roots, still accepted when
 *   verifying, separated by commas or spaces. A bare entry is accepted for every
 *   purpose (a planned rotation: nobody is signed out, no link breaks). An
 *   entry written `purpose+purpose:secret` is accepted only for the purposes it
 *   names: after a leak, keep `unsubscribe+audit:<leaked>` so that every
 *   unsubscribe link already sent keeps working while cookies and form stamps
 *   signed with the leaked root are refused.
 * - Signing always uses the current root. Keys are derived once per isolate.
 * - A purpose can also encrypt (`encryptFor`, `decryptFor`: AES-256-GCM under a key derived for the
 *   purpose apart from its MAC key), with the same roots accepted: unsubscribe links carry the
 *   address sealed, and keep opening after a rotation.
 * - Links and hashes made before purpose keys used the raw root as the HMAC key: `rootMacsFor` gives
 *   those MACs under every root accepted for the purpose, so they keep working where they must.
 */
import { aesGcmDecrypt, aesGcmEncrypt, base64url, constantTimeEqualText, fromBase64url, importAesKey } from "./crypto.server";
import { sessionSecret } from "./env.server";

export { base64url };

/** Every purpose a key is derived for. A new use of a MAC adds its purpose here, never reuses another's. */
export const KEY_PURPOSES = [
  // Remix's signed cookies (sessions, toasts, drafts, the visitor cookie).
  "cookie",
  // The public forms' signed time stamp.
  "form-stamp",
  // List-Unsubscribe links in emails: long-lived, must survive a rotation.
  "unsubscribe",
  // Keyed hashes of email addresses in the audit log.
  "audit",
  // Keyed hashes of two-factor recovery codes.
  "recovery-code",
  // The edge cache's secret placeholders for each visitor's nonce and form stamp (ADR 0020).
  "edge-placeholder",
  // The person's reference handed to the scheduler's embed, so a booking links back (ADR 0024).
  "scheduler-ref",
  // A broadcast's click redirect: the broadcast, the recipient and the link (ADR 0025). Long-lived, like unsubscribe.
  "click",
  // Keyed hashes of the addresses never enrolled in follow-up emails again: unsubscribed or erased (ADR 0024).
  "follow-up-block",
] as const;

export type KeyPurpose = (typeof KEY_PURPOSES)[number];

const encoder = new TextEncoder();
const SALT = encoder.encode("founder-leads key derivation v1");

type Root = { secret: string; purposes: ReadonlySet<KeyPurpose> | "all" };

function isPurpose(text: string): text is KeyPurpose {
  return (KEY_PURPOSES as readonly string[]).includes(text);
}

/** The earlier roots from `SESSION_SECRET_PREVIOUS`. An entry naming an unknown purpose is an error, never ignored. */
export function previousRoots(env: Pick<Env, "SESSION_SECRET_PREVIOUS">): Root[] {
  const text = env.SESSION_SECRET_PREVIOUS ?? "";
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(":");
      if (colon < 0) return { secret: entry, purposes: "all" as const };
      const names = entry.slice(0, colon).split("+");
      const unknown = names.filter((name) => !isPurpose(name));
      if (unknown.length) throw new Error(`SESSION_SECRET_PREVIOUS names an unknown key purpose: ${unknown.join(", ")}`);
      return { secret: entry.slice(colon + 1), purposes: new Set(names as KeyPurpose[]) };
    })
    .filter((root) => root.secret.length > 0);
}

/** The roots accepted for a purpose, current first. */
function rootsFor(env: Env, purpose: KeyPurpose): string[] {
  const previous = previousRoots(env)
    .filter((root) => root.purposes === "all" || root.purposes.has(purpose))
    .map((root) => root.secret);
  return [sessionSecret(env), ...previous];
}

const derived = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The 32 bytes of a purpose's key under one root (cached for the isolate's life); `use` tells its encryption key apart. */
function keyBytes(root: string, purpose: KeyPurpose, use: "" | "/aes-256-gcm" = ""): Promise<Uint8Array<ArrayBuffer>> {
  const cacheKey = `${purpose}${use}\u0000${root}`;
  let bytes = derived.get(cacheKey);
  if (!bytes) {
    bytes = (async () => {
      const base = await crypto.subtle.importKey("raw", encoder.encode(root), "HKDF", false, ["deriveBits"]);
      const bits = await crypto.subtle.deriveBits(
        { name: "HKDF", hash: "SHA-256", salt: SALT, info: encoder.encode(`founder-leads/${purpose}${use}`) },
        base,
        256,
      );
      return new Uint8Array(bits);
    })();
    derived.set(cacheKey, bytes);
  }
  return bytes;
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(root: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const cacheKey = `${purpose}\u0000${root}`;
  let key = hmacKeys.get(cacheKey);
  if (!key) {
    key = keyBytes(root, purpose).then((bytes) =>
      crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    );
    hmacKeys.set(cacheKey, key);
  }
  return key;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

async function macWith(root: string, purpose: KeyPurpose, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(root, purpose), encoder.encode(message)));
}

type MacEncoding = "base64url" | "hex";
const encoded = (mac: Uint8Array, encoding: MacEncoding) => (encoding === "hex" ? hex(mac) : base64url(mac));

/** HMAC-SHA256 of `message` under the purpose's current key, base64url (43 characters) or hex (64). */
export async function signFor(env: Env, purpose: KeyPurpose, message: string, encoding: MacEncoding = "base64url"): Promise<string> {
  return encoded(await macWith(sessionSecret(env), purpose, message), encoding);
}

/** One MAC per root accepted for the purpose, current first, without repeats. */
async function macsUnderRoots(env: Env, purpose: KeyPurpose, mac: (root: string) => Promise<Uint8Array>, encoding: MacEncoding) {
  const macs = await Promise.all(rootsFor(env, purpose).map(mac));
  return [...new Set(macs.map((m) => encoded(m, encoding)))];
}

/** Whether `mac` is one of `candidates`. Every one is compared, whichever matches: the time taken does not tell which root signed. */
function matchesOne(candidates: string[], mac: string): boolean {
  let match = false;
  for (const candidate of candidates) match = constantTimeEqualText(candidate, mac) || match;
  return match;
}

/** Every MAC of `message` that `verifyFor` accepts, current first: for looking up rows stored under a keyed hash. */
export function macsFor(env: Env, purpose: KeyPurpose, message: string, encoding: MacEncoding = "base64url"): Promise<string[]> {
  return macsUnderRoots(env, purpose, (root) => macWith(root, purpose, message), encoding);
}

/** Whether `mac` (base64url) is the MAC of `message` under the purpose's current key or an accepted earlier one. */
export async function verifyFor(env: Env, purpose: KeyPurpose, message: string, mac: string): Promise<boolean> {
  return matchesOne(await macsFor(env, purpose, message), mac);
}

/**
 * The secrets handed to Remix's `createCookie` for a purpose, current first
 * (it signs with the first and verifies with each): the derived keys, as hex.
 */
export async function secretsFor(env: Env, purpose: KeyPurpose): Promise<string[]> {
  return Promise.all(rootsFor(env, purpose).map(async (root) => hex(await keyBytes(root, purpose))));
}

/**
 * HMAC-SHA256 of `message` keyed with each raw root accepted for the purpose (no derivation): what links and
 * hashes made before purpose keys carry. Only for accepting those; nothing new is made this way.
 */
export function rootMacsFor(env: Env, purpose: KeyPurpose, message: string, encoding: MacEncoding = "base64url"): Promise<string[]> {
  return macsUnderRoots(
    env,
    purpose,
    async (root) => {
      const key = await crypto.subtle.importKey("raw", encoder.encode(root), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
    },
    encoding,
  );
}

/** Whether `mac` (base64url) is the MAC of `message` under a raw root accepted for the purpose (from before purpose keys). */
export async function verifyRootMacFor(env: Env, purpose: KeyPurpose, message: string, mac: string): Promise<boolean> {
  return matchesOne(await rootMacsFor(env, purpose, message), mac);
}

const aesKeys = new Map<string, Promise<CryptoKey>>();

function aesKey(root: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const cacheKey = `${purpose}\u0000${root}`;
  let key = aesKeys.get(cacheKey);
  if (!key) {
    key = keyBytes(root, purpose, "/aes-256-gcm").then(importAesKey);
    aesKeys.set(cacheKey, key);
  }
  return key;
}

/**
 * AES-256-GCM of `plaintext` under the purpose's current encryption key, `context` bound: base64url(IV ‖
 * ciphertext ‖ tag). Deterministic: the IV is the first 12 bytes of an HMAC of the context and the plaintext
 * under the purpose's MAC key (a synthetic IV), so one value always gives the same text (a link stays the
 * same in every email) and two values never share an IV.
 */
export async function encryptFor(env: Env, purpose: KeyPurpose, plaintext: string, context: string): Promise<string> {
  const root = sessionSecret(env);
  const iv = (await macWith(root, purpose, `synthetic-iv\u0000${context}\u0000${plaintext}`)).slice(0, 12);
  const { ciphertext } = await aesGcmEncrypt(await aesKey(root, purpose), plaintext, context, iv);
  const joined = new Uint8Array(iv.length + ciphertext.length);
  joined.set(iv);
  joined.set(ciphertext, iv.length);
  return base64url(joined);
}

/** What `encryptFor` sealed, under the purpose's current key or an accepted earlier one; null when none opens it. */
export async function decryptFor(env: Env, purpose: KeyPurpose, sealed: string, context: string): Promise<string | null> {
  const bytes = fromBase64url(sealed);
  if (!bytes || bytes.length < 12 + 16) return null;
  for (const root of rootsFor(env, purpose)) {
    const plaintext = await aesGcmDecrypt(await aesKey(root, purpose), bytes.slice(0, 12), bytes.slice(12), context);
    if (plaintext !== null) return plaintext;
  }
  return null;
}
