/**
 * The visitor's email, remembered in a signed cookie after onboarding so pages
 * can prefill it without JavaScript (the browser also keeps it in localStorage
 * `userEmail`). Holds nothing else.
 */
import { z } from "zod";
import { siteCookie } from "./cookies.server";

const visitorCookie = (env: Env) => siteCookie(env, "visitor");

const visitorSchema = z.object({ email: z.email() });

export async function getVisitorEmail(request: Request, env: Env): Promise<string | null> {
  const value = await (await visitorCookie(env)).parse(request.headers.get("Cookie"));
  const parsed = visitorSchema.safeParse(value);
  return parsed.success ? parsed.data.email : null;
}

/** The Set-Cookie value that remembers the visitor's email. */
export async function rememberVisitorEmail(env: Env, email: string): Promise<string> {
  return (await visitorCookie(env)).serialize({ email });
}
