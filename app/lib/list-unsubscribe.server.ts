/**
 * The signed unsubscribe link of every email sent to a list (RFC 8058, ADR 0016).
 *
 * `/unsubscribe/<list>.<email, base64url>.<HMAC-SHA256, base64url>` under the
 * session secret, over `list-unsubscribe:<list>:<email>`: the link is its own
 * credential (no session, no cookie, no CSRF token), it names one address and
 * one list, and it cannot be made for another address without the secret. It
 * never expires: an unsubscribe link in an old email must still work.
 */
import { constantTimeEqualText } from "./crypto.server";
import { EMAIL_LISTS, UNSUBSCRIBE_PATH, type EmailList } from "./email-lists";
import { sessionSecret } from "./env.server";

export { UNSUBSCRIBE_PATH, type EmailList };

const encoder = new TextEncoder();

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

function fromBase64url(text: string): string | null {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

const normalise = (email: string) => email.trim().toLowerCase();

async function signature(env: Env, list: EmailList, email: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(sessionSecret(env)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`list-unsubscribe:${list}:${email}`));
  return base64url(new Uint8Array(mac));
}

/** The token of the link for this address on this list. */
export async function unsubscribeToken(env: Env, list: EmailList, email: string): Promise<string> {
  const address = normalise(email);
  return `${list}.${base64url(encoder.encode(address))}.${await signature(env, list, address)}`;
}

/**
 * The absolute link (from SITE_URL). In production it must be https: mailbox
 * providers only offer one-click unsubscribe for an https link.
 */
export async function unsubscribeUrl(env: Env, list: EmailList, email: string): Promise<string> {
  if (env.ENVIRONMENT === "production" && !env.SITE_URL.startsWith("https://")) {
    throw new Error("SITE_URL must be https in production: List-Unsubscribe needs an https link");
  }
  return `${env.SITE_URL.replace(/\/+$/, "")}${UNSUBSCRIBE_PATH}/${await unsubscribeToken(env, list, email)}`;
}

/** The list and address a token names, or null when it is malformed or its signature is wrong. */
export async function readUnsubscribeToken(env: Env, token: string): Promise<{ list: EmailList; email: string } | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [list, encoded, mac] = parts as [string, string, string];
  if (!(EMAIL_LISTS as readonly string[]).includes(list) || encoded.length > 400 || mac.length > 100) return null;
  const email = fromBase64url(encoded);
  if (!email || email !== normalise(email)) return null;
  const expected = await signature(env, list as EmailList, email);
  return constantTimeEqualText(mac, expected) ? { list: list as EmailList, email } : null;
}

/** The headers of RFC 2369 and RFC 8058 for an email sent to a list. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
