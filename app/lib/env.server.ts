/** Typed, checked access to the Worker's bindings and vars. */

const DEV_SECRET = "dev-only-secret-change-me-0123456789abcdef";

function isProduction(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "production";
}

/** A site on http://localhost, outside production: the only one that may fall back to a built-in development secret. */
function isLocalSite(env: Pick<Env, "ENVIRONMENT" | "SITE_URL">): boolean {
  return !isProduction(env) && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(env.SITE_URL);
}

/** A secret's value; missing, the built-in development one on localhost only (it is public), else a clear error. */
function requiredSecret(env: Pick<Env, "ENVIRONMENT" | "SITE_URL">, name: string, value: string | undefined, development: string): string {
  if (value) return value;
  if (isLocalSite(env)) return development;
  throw new Error(`${name} is not set: \`wrangler secret put ${name} --env production\` (README, "Configuration and secrets")`);
}

export function sessionSecret(env: Env): string {
  return requiredSecret(env, "SESSION_SECRET", env.SESSION_SECRET, DEV_SECRET);
}

/** A public development key (`dev`): `npm start` writes a random one into .dev.vars instead. */
const DEV_DATA_KEYS = "dev:ZGV2LW9ubHktZGF0YS1rZXktMDEyMzQ1Njc4OWFiY2Q=";

/**
 * `DATA_ENCRYPTION_KEYS`: the AES-256 keys of encryption at rest, `<id>:<32 bytes, base64>`, the first the
 * current one (app/lib/encryption.server.ts). Never missing outside localhost: nothing is ever written in clear instead.
 */
export function dataEncryptionKeys(env: Pick<Env, "DATA_ENCRYPTION_KEYS" | "ENVIRONMENT" | "SITE_URL">): string {
  return requiredSecret(env, "DATA_ENCRYPTION_KEYS", env.DATA_ENCRYPTION_KEYS, DEV_DATA_KEYS);
}

const DEV_PEPPER = "dev-only-password-pepper-0123456789abcdef";

/** `PASSWORD_PEPPER`: the HMAC key applied to a password before PBKDF2 (app/features/auth/password.server.ts). */
export function passwordPepper(env: Pick<Env, "PASSWORD_PEPPER" | "ENVIRONMENT" | "SITE_URL">): string {
  return requiredSecret(env, "PASSWORD_PEPPER", env.PASSWORD_PEPPER, DEV_PEPPER);
}

/** Cookies are Secure whenever the site is served over HTTPS. */
export function secureCookies(env: Pick<Env, "SITE_URL">): boolean {
  return env.SITE_URL.startsWith("https://");
}

/** Parses `Name <email@host>` (or a bare address) from EMAIL_FROM. */
export function emailFrom(env: Pick<Env, "EMAIL_FROM">): { email: string; name?: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(env.EMAIL_FROM);
  if (match) return { name: match[1] || undefined, email: match[2]!.trim() };
  return { email: env.EMAIL_FROM.trim() };
}
