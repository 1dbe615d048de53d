/** Typed, checked access to the Worker's bindings and vars. */

const DEV_SECRET = "dev-only-secret-change-me-0123456789abcdef";

function isProduction(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "production";
}

export function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  // The built-in development secret is public: only a site on localhost may use it.
  const local = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(env.SITE_URL);
  if (isProduction(env) || !local) {
    throw new Error("SESSION_SECRET is not set: `wrangler secret put SESSION_SECRET --env production`");
  }
  return DEV_SECRET;
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
