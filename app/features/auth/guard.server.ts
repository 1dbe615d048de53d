/**
 * The guard every admin loader and action calls first (`requireAdminActor`), and sign-out. The sign-in steps
 * that start a session are sign-in.server.ts. These take the `Request` because they are HTTP by nature: the
 * session cookie, the origin check, the kept form of a refused POST.
 */
import { requestActor, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { requireSameOrigin } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";
import { LOGIN_MESSAGES } from "./auth.messages";
import { keepForm } from "./kept-form.server";
import { LOGIN_PATH, TWO_FACTOR_SETUP_PATH } from "./paths";
import { adminSessionStorage } from "./session.server";
import { endSession, findSessionAdmin, sessionRowId, touchSession, type SessionAdmin } from "./sessions.server";

export type { SessionAdmin };

/**
 * Back to sign-in with 'Access denied' (the spec's words) and, below it, why (`description`); with `kept`,
 * the sign-in link carries the id of what the refused POST kept, and the toast says it will come back.
 */
async function denied(
  env: Env,
  { description, headers, kept }: { description?: string; headers?: HeadersInit; kept?: string | null } = {},
) {
  const to = kept ? `${LOGIN_PATH}?${new URLSearchParams({ kept })}` : LOGIN_PATH;
  const toast = {
    type: "error" as const,
    title: LOGIN_MESSAGES.accessDenied,
    description: kept ? LOGIN_MESSAGES.sessionExpiredKept : description,
  };
  return redirectWithToast(env, to, toast, headers ? { headers } : undefined);
}

/** Pages an admin without two-factor may still open when the site requires it. */
const OPEN_WITHOUT_TWO_FACTOR = new Set([TWO_FACTOR_SETUP_PATH, "/admin/logout"]);

/** The site requires two-factor sign-in of every admin (`ADMIN_REQUIRE_2FA`). */
export const twoFactorRequired = (env: Env) => env.ADMIN_REQUIRE_2FA === "true";

/**
 * The guard. Every loader and action under /admin (but the sign-in, reset and
 * invitation pages) and /warm-leads calls it first. No session, an ended one
 * (its `admin_sessions` row is gone), one past the team's idle timeout or
 * lifetime (team settings; it is ended there and then), or no admin role:
 * redirect to the login page with a message. A refused POST whose browser
 * still names the admin keeps the form's text for after sign-in
 * (kept-form.server.ts). A POST from another origin: 403.
 *
 * D1 round trips: one per request (the session row, the user, the role and
 * the team's session limits in one statement, from the primary), plus one at
 * most once a minute per session to record its last use. A session found
 * expired costs one more (its end). When the site requires two-factor
 * sign-in, an admin without it is sent to set it up first.
 */
async function requireAdmin(env: Env, request: Request): Promise<SessionAdmin> {
  requireSameOrigin(request, env);
  const storage = await adminSessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  const expiresAt = session.get("expiresAt");
  const refuse = async (description?: string, ended = false) => {
    // What the refused save carried, kept for this admin (never for a request that names nobody).
    const kept = userId ? await keepForm(env, request, userId) : null;
    // Ended, expired or removed: forget the KV entry here too, and the cookie.
    const headers = ended ? { "Set-Cookie": await storage.destroySession(session) } : undefined;
    return denied(env, { description, headers, kept });
  };
  if (!session.id || !userId || !expiresAt) throw await refuse();
  if (expiresAt < Date.now()) throw await refuse(LOGIN_MESSAGES.sessionExpired, true);
  const rowId = await sessionRowId(session.id);
  const found = await findSessionAdmin(env, rowId, userId);
  if (found.status === "missing") throw await refuse(undefined, true);
  if (found.status === "expired") {
    await endSession(getDb(env), userId, rowId);
    throw await refuse(LOGIN_MESSAGES.sessionExpired, true);
  }
  if (found.stale) await touchSession(env, rowId);
  if (twoFactorRequired(env) && !found.admin.twoFactor && !OPEN_WITHOUT_TWO_FACTOR.has(new URL(request.url).pathname)) {
    throw await redirectWithToast(env, TWO_FACTOR_SETUP_PATH, { type: "error", title: LOGIN_MESSAGES.twoFactorRequired });
  }
  return found.admin;
}

/** The signed-in admin and who acts in the audit log's terms (the admin with the request's address). */
export type AdminActor = { admin: SessionAdmin; actor: Actor };

/**
 * The guard every admin loader and action calls first (see `requireAdmin`), answering with the admin and
 * the actor that feature functions take last: `const { admin, actor } = await requireAdminActor(env, request)`.
 */
export async function requireAdminActor(env: Env, request: Request): Promise<AdminActor> {
  const admin = await requireAdmin(env, request);
  return { admin, actor: requestActor(request, admin) };
}

/** The signed-in admin, if any (for the login page, which sends them on). */
export async function optionalAdmin(env: Env, request: Request): Promise<SessionAdmin | null> {
  try {
    return await requireAdmin(env, request);
  } catch {
    return null;
  }
}

/** The current browser's session: its KV entry, its row and the cookie end; the Set-Cookie that clears it. */
export async function endCurrentSession(env: Env, request: Request): Promise<string> {
  const storage = await adminSessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  if (session.id && userId) await endSession(getDb(env), userId, await sessionRowId(session.id));
  return storage.destroySession(session);
}

/** Deletes the KV entry, the session's row and the cookie, then goes to the login page. */
export async function logout(env: Env, request: Request): Promise<Response> {
  requireSameOrigin(request, env);
  return redirectWithToast(
    env,
    LOGIN_PATH,
    { type: "success", title: LOGIN_MESSAGES.loggedOut },
    { headers: { "Set-Cookie": await endCurrentSession(env, request) } },
  );
}
