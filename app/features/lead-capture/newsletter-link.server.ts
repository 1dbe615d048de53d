/**
 * The newsletter's confirmation link (double opt-in, ADR 0016): a single-use token, stored only as its
 * SHA-256 on the subscriber row, for 7 days. `relinkConfirmation` makes a new one for a later try of the
 * email (the link leaves the outbox row after its first try, ADR 0017); the old one stops working.
 */
import { randomToken, sha256Hex } from "~/lib/crypto.server";
import { CONFIRM_PATH } from "./newsletter.schema";

/** How long a confirmation link works. */
export const CONFIRM_LINK_TTL_MS = 7 * 86_400_000;

/** A new link: the token for the email, its hash for the row, and until when it works. */
export async function newConfirmationLink(env: Pick<Env, "SITE_URL">, now: number) {
  const token = randomToken();
  return {
    confirmUrl: `${env.SITE_URL.replace(/\/+$/, "")}${CONFIRM_PATH}/${token}`,
    tokenHash: await sha256Hex(token),
    expiresAt: now + CONFIRM_LINK_TTL_MS,
  };
}

/** A new link for an address still waiting for its confirmation, replacing the old one; null when it is not waiting any more. */
export async function relinkConfirmation(env: Env, email: string, now = Date.now()): Promise<{ confirmUrl: string } | null> {
  const link = await newConfirmationLink(env, now);
  const row = await env.DB.prepare(
    `UPDATE newsletter_subscribers SET confirm_token_hash = ?2, confirm_expires_at = ?3
      WHERE lower(trim(email)) = lower(trim(?1)) AND status = 'pending' RETURNING id`,
  )
    .bind(email, link.tokenHash, link.expiresAt)
    .first<{ id: string }>();
  return row ? { confirmUrl: link.confirmUrl } : null;
}
