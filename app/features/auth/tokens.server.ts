/**
 * Invitation and password-reset links. A link carries `<id>.<secret>`: the id
 * finds the row, the secret (32 random bytes) is checked against the stored
 * SHA-256 in constant time. The table never holds a usable secret. A token is
 * single-use (claimed by a guarded update in the batch that acts on it),
 * revocable and time-bound.
 */
import { and, eq } from "drizzle-orm";
import { accountTokens, type accountTokenKinds } from "~/db/schema";
import { constantTimeEqualText, randomToken, sha256Hex } from "~/lib/crypto.server";
import { getDb } from "~/lib/db.server";

export type AccountTokenKind = (typeof accountTokenKinds)[number];

export const TOKEN_LIFETIME_MS: Record<AccountTokenKind, number> = {
  invitation: 72 * 60 * 60 * 1000,
  "password-reset": 60 * 60 * 1000,
};

const hashSecret = (secret: string) => sha256Hex(`account-token:${secret}`);

export interface NewToken {
  /** What goes in the link. */
  token: string;
  row: typeof accountTokens.$inferInsert;
}

export async function newAccountToken(
  kind: AccountTokenKind,
  fields: { email: string; userId?: string | null; invitedBy?: string | null },
  now = Date.now(),
): Promise<NewToken> {
  const id = crypto.randomUUID();
  const secret = randomToken(32);
  return {
    token: `${id}.${secret}`,
    row: {
      id,
      kind,
      secretHash: await hashSecret(secret),
      email: fields.email,
      userId: fields.userId ?? null,
      invitedBy: fields.invitedBy ?? null,
      createdAt: new Date(now),
      expiresAt: new Date(now + TOKEN_LIFETIME_MS[kind]),
    },
  };
}

export type AccountToken = typeof accountTokens.$inferSelect;

/** The token behind a link, if it is of this kind, unused, not revoked and not expired; else null. */
export async function findUsableToken(env: Env, kind: AccountTokenKind, token: string, now = Date.now()): Promise<AccountToken | null> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, secret] = match;
  const row = await getDb(env)
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.id, id!), eq(accountTokens.kind, kind)))
    .get();
  // Hash and compare even when there is no row, so the answer takes the same time.
  const hash = await hashSecret(secret!);
  const same = constantTimeEqualText(hash, row?.secretHash ?? "0".repeat(64));
  if (!row || !same || row.usedAt || row.revokedAt || row.expiresAt.getTime() <= now) return null;
  return row;
}

/**
 * Claims a token for use: changes one row only if it is still unused, not
 * revoked and not expired. The statements after it in the same batch check
 * `changes() = 1`, so two uses at once act once.
 */
export function claimTokenStatement(d1: D1Database, id: string, now = Date.now()): D1PreparedStatement {
  return d1
    .prepare("UPDATE account_tokens SET used_at = ?1 WHERE id = ?2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?1")
    .bind(now, id);
}

/** The link for a token. */
export const tokenLink = (env: Pick<Env, "SITE_URL">, path: string, token: string) => `${new URL(env.SITE_URL).origin}${path}/${token}`;

/**
 * A new link for a later try of an email whose link left its outbox row (a queue retry, the sweeper, an admin's
 * Resend; ADR 0017): every open token of this kind for the address (unused and not withdrawn, expired or not)
 * is withdrawn, and one new token made in their place, for the latest one's account and inviter, in one batch.
 * Null when none was open (used, withdrawn by an admin, or the account removed): no old token is ever revived.
 */
export async function relinkAccountToken(
  env: Env,
  kind: AccountTokenKind,
  email: string,
  path: string,
  now = Date.now(),
): Promise<string | null> {
  const id = crypto.randomUUID();
  const secret = randomToken(32);
  const [, inserted] = await env.DB.batch([
    env.DB.prepare(
      "UPDATE account_tokens SET revoked_at = ?3 WHERE kind = ?1 AND email = ?2 AND used_at IS NULL AND revoked_at IS NULL",
    ).bind(kind, email, now),
    env.DB.prepare(
      `INSERT INTO account_tokens (id, kind, secret_hash, email, user_id, invited_by, created_at, expires_at)
       SELECT ?1, kind, ?2, email, user_id, invited_by, ?3, ?4 FROM account_tokens
        WHERE kind = ?5 AND email = ?6 AND revoked_at = ?3 AND changes() > 0
        ORDER BY created_at DESC LIMIT 1
       RETURNING id`,
    ).bind(id, await hashSecret(secret), now, now + TOKEN_LIFETIME_MS[kind], kind, email),
  ]);
  return inserted?.results.length ? tokenLink(env, path, `${id}.${secret}`) : null;
}
