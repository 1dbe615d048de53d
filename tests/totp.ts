/**
 * An authenticator app's code (RFC 6238: HMAC-SHA-1, 6 digits, 30 s steps) for the time step `offset`
 * steps from now. The site accepts each step's code once, and a step either side of now, so a test that
 * signs in after confirming set-up uses the next step's code (`offset` 1) instead of waiting 30 s.
 * Shared by the workerd and the browser tests (Web Crypto in both).
 */
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(secret: string): Uint8Array<ArrayBuffer> {
  let bits = "";
  for (const c of secret.replace(/=+$/, "").toUpperCase()) bits += BASE32.indexOf(c).toString(2).padStart(5, "0");
  return Uint8Array.from(bits.match(/.{8}/g) ?? [], (b) => parseInt(b, 2));
}

export async function totpCode(secret: string, offset = 0): Promise<string> {
  const key = await crypto.subtle.importKey("raw", base32Bytes(secret), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(Math.floor(Date.now() / 30_000) + offset));
  const h = new Uint8Array(await crypto.subtle.sign("HMAC", key, counter));
  const o = h[19]! & 0xf;
  const n = ((h[o]! & 0x7f) << 24) | (h[o + 1]! << 16) | (h[o + 2]! << 8) | h[o + 3]!;
  return String(n % 1_000_000).padStart(6, "0");
}
