/** Small Web Crypto helpers for secrets the site makes and checks (session ids, link tokens, recovery codes, sealed values). */

const encoder = new TextEncoder();

/** SHA-256 of a text, as lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Bytes as base64url, without padding. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The bytes of a base64url (or base64) text, or null when it is not one. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** `bytes` random bytes as base64url (no padding): 32 bytes = 256 bits. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Compares two texts in time that depends only on their lengths, never on where they differ. */
export function constantTimeEqualText(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

const IV_BYTES = 12;

/** An AES-256-GCM key from 32 raw bytes, for `aesGcmEncrypt` and `aesGcmDecrypt` only. */
export function importAesKey(bytes: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

/**
 * AES-256-GCM with a fresh random 12-byte IV (or one given, made from the message: never the same for two
 * messages): returns the IV and the ciphertext (with its 16-byte tag). `context` is bound as additional
 * data: what was sealed for one use does not open for another.
 */
export async function aesGcmEncrypt(
  key: CryptoKey,
  plaintext: string,
  context: string,
  iv: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(IV_BYTES)),
): Promise<{ iv: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array }> {
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(plaintext),
  );
  return { iv, ciphertext: new Uint8Array(sealed) };
}

/** The plaintext, or null when the key, the context or a byte is wrong (GCM's tag checks all three). */
export async function aesGcmDecrypt(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  ciphertext: Uint8Array<ArrayBuffer>,
  context: string,
): Promise<string | null> {
  if (iv.length !== IV_BYTES) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(context) }, key, ciphertext);
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}

/** HMAC-SHA256 of `message` under a raw text secret (a sender's shared webhook secret), as lowercase hex. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}
