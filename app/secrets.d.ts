/**
 * Secrets are not in wrangler.toml, so `wrangler types` only sees them when a
 * .dev.vars exists. Declared here so the types never depend on that file.
 * Set them with `wrangler secret put NAME --env production`.
 */
declare namespace Cloudflare {
  interface Env {
    SESSION_SECRET: string;
    /** Earlier root secrets still accepted when verifying (app/lib/keys.server.ts, ADR 0017). */
    SESSION_SECRET_PREVIOUS?: string;
    /**
     * The keys of encryption at rest (app/lib/encryption.server.ts, ADR 0017): `<id>:<32 bytes, base64>`,
     * separated by commas or spaces, the first the current one. Required outside localhost.
     */
    DATA_ENCRYPTION_KEYS?: string;
    /** The HMAC key applied to every password before PBKDF2 (app/features/auth/password.server.ts). Required outside localhost. */
    PASSWORD_PEPPER?: string;
    MAILCHANNELS_API_KEY: string;
    /** Turnstile's secret key (siteverify); unset, tokens cannot be checked and the no-token bounds apply. */
    TURNSTILE_SECRET_KEY?: string;
    /**
     * Not a setting of a deployment (never in wrangler.toml): where siteverify is asked, Cloudflare's
     * URL unless set. The end-to-end harness sets it to its local stand-in (tests/e2e/global-setup.ts).
     */
    TURNSTILE_SITEVERIFY_URL?: string;
    /**
     * Not a setting of a deployment (never in wrangler.toml): "allowed" lets a request's test header date the
     * page's form stamp in the past; ignored in production. Only the end-to-end harness sets it
     * (app/lib/form-stamp-test-age.server.ts).
     */
    TEST_FORM_STAMP_AGE?: string;
    /** The zone purge API's token (Zone → Cache Purge on this zone only); with CF_ZONE_ID, purges reach every data center (ADR 0020). */
    CF_PURGE_API_TOKEN?: string;
    /** Cal.com's webhook secret: its bookings are refused (401) unless signed with it (ADR 0024). */
    CAL_COM_WEBHOOK_SECRET?: string;
    /** Calendly's webhook signing key: its invitee events are refused (401) unless signed with it (ADR 0024). */
    CALENDLY_WEBHOOK_SIGNING_KEY?: string;
    /** Not a setting of a deployment: "allowed" lets `npm run bench:edge` force a miss (X-Edge-Cache: miss); ignored in production. */
    EDGE_BENCH?: string;
    /** Not a setting of a deployment: "log" makes the email queue's consumer log each delivery's D1 statements for `npm run bench:broadcast`; ignored in production. */
    QUEUE_BENCH?: string;
  }
}
