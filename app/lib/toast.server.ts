/**
 * Flash toasts: a message set by an action and shown once on the next page,
 * carried across the redirect in a signed cookie. Built per request from env.
 */
import { createCookieSessionStorage, redirect, type TypedResponse } from "@remix-run/cloudflare";
import { siteCookie } from "./cookies.server";
import { z } from "zod";
import { toToast, type Toast, type ToastInput } from "./toast";
import { sameSitePath } from "./urls";

const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});

const TOAST_KEY = "toast";

async function toastStorage(env: Env) {
  return createCookieSessionStorage({
    cookie: await siteCookie(env, "toast"),
  });
}

async function createToastHeaders(env: Env, input: ToastInput): Promise<Headers> {
  const storage = await toastStorage(env);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toToast(input));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/**
 * A redirect with a flash toast, to a same-site path only (`sameSitePath`; anything else goes home).
 * Typed as Remix types its `redirect` (no data), so `typeof action` keeps only the action's data.
 */
export async function redirectWithToast(env: Env, url: string, toast: ToastInput, init?: ResponseInit): Promise<TypedResponse<never>> {
  const headers = new Headers(init?.headers);
  const toastHeaders = await createToastHeaders(env, toast);
  headers.append("Set-Cookie", toastHeaders.get("Set-Cookie")!);
  return redirect(sameSitePath(url) ?? "/", { ...init, headers });
}

/** Reads (and consumes) the flash toast of this request. */
export async function getToast(request: Request, env: Env): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = await toastStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (!session.has(TOAST_KEY)) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}
