/**
 * The unsubscribe link of every email sent to a list (RFC 8058, ADR 0016, ADR 0017).
 *
 * `/unsubscribe/<list>.<sealed address>`: the address, AES-256-GCM-sealed under the `unsubscribe`
 * purpose's key (app/lib/keys.server.ts) with the list bound to it. The link is its own credential (no
 * session, no cookie, no CSRF token): it names one address and one list, nobody can make one for
 * another address without the key, and it does not show the address to whoever reads the URL (a
 * forwarded email, a proxy's log). It never expires: an unsubscribe link in an old email must still
 * work, after a rotation of SESSION_SECRET too (the earlier roots kept for `unsubscribe` open it).
 *
 * Links sent before: `<list>.<address, base64url>.<HMAC-SHA256 under the raw root>`, still accepted,
 * under the current root and every earlier one kept for `unsubscribe`.
 */
import { fromBase64url } from "./crypto.server";
import { EMAIL_LISTS, UNSUBSCRIBE_PATH, type EmailList } from "./email-lists";
import { decryptFor, encryptFor, verifyRootMacFor } from "./keys.server";

export { UNSUBSCRIBE_PATH, type EmailList };

const normalise = (email: string) => email.trim().toLowerCase();
const isList = (list: string): list is EmailList => (EMAIL_LISTS as readonly string[]).includes(list);
const context = (list: EmailList) => `list-unsubscribe:${list}`;

/** The token of the link for this address on this list (a new one each time: the IV is random). */
export async function unsubscribeToken(env: Env, list: EmailList, email: string): Promise<string> {
  return `${list}.${await encryptFor(env, "unsubscribe", normalise(email), context(list))}`;
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

/** A link sent before sealed addresses: the address in base64url and its MAC under a raw root. */
async function readLegacyToken(env: Env, list: EmailList, encoded: string, mac: string): Promise<string | null> {
  if (encoded.length > 400 || mac.length > 100) return null;
  const bytes = fromBase64url(encoded);
  let email: string;
  try {
    email = new TextDecoder("utf-8", { fatal: true }).decode(bytes ?? new Uint8Array());
  } catch {
    return null;
  }
  if (!email || email !== normalise(email)) return null;
  return (await verifyRootMacFor(env, "unsubscribe", `list-unsubscribe:${list}:${email}`, mac)) ? email : null;
}

/** The list and address a token names, or null when it is malformed, altered or made with a key no longer accepted. */
export async function readUnsubscribeToken(env: Env, token: string): Promise<{ list: EmailList; email: string } | null> {
  const parts = token.split(".");
  const list = parts[0] ?? "";
  if (!isList(list)) return null;
  let email: string | null = null;
  if (parts.length === 2 && parts[1]!.length <= 600) email = await decryptFor(env, "unsubscribe", parts[1]!, context(list));
  else if (parts.length === 3) email = await readLegacyToken(env, list, parts[1]!, parts[2]!);
  return email && email === normalise(email) ? { list, email } : null;
}

/** The headers of RFC 2369 and RFC 8058 for an email sent to a list. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** RFC 2919's List-Id of a list's email: the list's name and `<list>.<site host>`, the same for every email of the list. */
export function listIdHeader(list: EmailList, siteUrl: string): Record<string, string> {
  const host = new URL(siteUrl).hostname;
  return { "List-Id": `Founder Leads ${list} <${list}.${host}>` };
}
