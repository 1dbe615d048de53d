/**
 * D1 read replication through the Sessions API. Each request reads through
 * one session:
 * - admin pages (`/admin…`, `/warm-leads…`) from the primary (`first-primary`):
 *   an operator always sees the latest data;
 * - a visitor (or admin) who has just written carries the write's bookmark in
 *   a short-lived signed cookie, and their next reads start from it, so they
 *   see their own write wherever they are served;
 * - every other public read may be served by the nearest replica
 *   (`first-unconstrained`).
 * After a request that wrote (any method but GET/HEAD), the session's latest
 * bookmark goes back in the cookie.
 *
 * The cookie is signed like every site cookie: a forged one is dropped (and
 * cleared) before this code sees it; a stale one is harmless (an old
 * bookmark is one every replica has passed); a value that does not look like
 * a bookmark is ignored.
 */
import { SITE_COOKIES, siteCookie } from "./cookies.server";

/** D1 bookmarks are dash-separated hex groups. */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){1,7}$/i;

const PRIMARY_PATHS = /^\/(admin|warm-leads)(\/|\.|$)/;

export function readsFromPrimary(pathname: string): boolean {
  return PRIMARY_PATHS.test(pathname);
}

async function bookmarkOf(request: Request, env: Env): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(SITE_COOKIES.d1Bookmark.name)) return null;
  try {
    // Inside the try: without SESSION_SECRET (a misconfigured production) the cookie cannot be made, and the
    // page's own error handling, not this, should answer.
    const value: unknown = await (await siteCookie(env, "d1Bookmark")).parse(header);
    return typeof value === "string" && BOOKMARK.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The session this request reads through (see above). */
export async function openD1Session(request: Request, env: Env): Promise<D1DatabaseSession> {
  if (readsFromPrimary(new URL(request.url).pathname)) return env.DB.withSession("first-primary");
  const bookmark = await bookmarkOf(request, env);
  if (bookmark) {
    try {
      return env.DB.withSession(bookmark);
    } catch (error) {
      console.error("Ignoring an unusable D1 bookmark", error);
    }
  }
  return env.DB.withSession("first-unconstrained");
}

/** After a write: the `Set-Cookie` that carries the session's bookmark to the next request, if any. */
export async function bookmarkCookie(request: Request, env: Env, session: D1DatabaseSession): Promise<string | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const bookmark = session.getBookmark();
  if (!bookmark || !BOOKMARK.test(bookmark)) return null;
  return (await siteCookie(env, "d1Bookmark")).serialize(bookmark);
}
