/**
 * The two pages behind an emailed link (an invitation, a password reset): open
 * to signed-out people, since the link is the credential. A GET never uses it
 * (mail scanners follow links); the POST chooses a password and uses it once.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requestAddress } from "~/lib/audit.server";
import { readSmallForm, requireSameOrigin } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";
import { choosePasswordSchema } from "./account.schema";
import { newPasswordRefusal } from "./account.server";
import { LOGIN_PATH } from "./paths";
import { findUsableToken, type AccountToken, type AccountTokenKind } from "./tokens.server";

export type TokenLinkActionData = { result?: SubmissionResult<string[]>; invalid?: boolean };
const HIDE = ["password", "confirmPassword"];

/** The link's address (for the page's text), or a 410 when it is used, withdrawn or expired. */
export async function tokenLinkLoader(kind: AccountTokenKind, { params, context }: LoaderFunctionArgs) {
  const token = await findUsableToken(context.cloudflare.env, kind, params.token ?? "");
  return data({ email: token?.email ?? null }, { status: token ? 200 : 410, headers: { "Cache-Control": "no-store" } });
}

/**
 * Chooses the password: the form's schema and the strength check (400, nothing kept of the
 * passwords), then `use` (false when the link was used meanwhile: 410), then sign-in with `done`.
 */
export async function tokenLinkAction(
  kind: AccountTokenKind,
  { request, params, context }: ActionFunctionArgs,
  use: (env: Env, token: AccountToken, password: string, address: string | null) => Promise<boolean>,
  done: string,
) {
  const { env } = context.cloudflare;
  requireSameOrigin(request, env);
  const form = await readSmallForm(request);
  const token = await findUsableToken(env, kind, params.token ?? "");
  if (!token) return data<TokenLinkActionData>({ invalid: true }, { status: 410 });
  const submission = parseWithZod(form, { schema: choosePasswordSchema });
  if (submission.status !== "success")
    return data<TokenLinkActionData>({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const weak = newPasswordRefusal(submission.value.password, token.email);
  if (weak)
    return data<TokenLinkActionData>(
      { result: submission.reply({ fieldErrors: { password: [weak.message] }, hideFields: HIDE }) },
      { status: 400 },
    );
  if (!(await use(env, token, submission.value.password, requestAddress(request))))
    return data<TokenLinkActionData>({ invalid: true }, { status: 410 });
  return redirectWithToast(env, LOGIN_PATH, { type: "success", title: done });
}
