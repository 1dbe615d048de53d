/**
 * The two pages behind an emailed link (an invitation, a password reset): open
 * to signed-out people, since the link is the credential. A GET never uses it
 * (mail scanners follow links); the POST chooses a password and uses it once.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/lib/toast.server";
import { RESET_MESSAGES, TEAM_MESSAGES } from "./account.messages";
import { choosePasswordSchema } from "./account.schema";
import { newPasswordRefusal } from "./account.server";
import { LOGIN_PATH } from "./paths";
import { resetPassword } from "./reset.server";
import { acceptInvitation } from "./team.server";
import { findUsableToken, type AccountTokenKind } from "./tokens.server";

export type TokenLinkActionData = { result?: SubmissionResult<string[]>; invalid?: boolean };
const HIDE = ["password", "confirmPassword"];

/** What a link does with the chosen password, and what the sign-in page then says. */
const USES = {
  invitation: { use: acceptInvitation, done: TEAM_MESSAGES.accepted },
  "password-reset": { use: resetPassword, done: RESET_MESSAGES.done },
} satisfies Record<AccountTokenKind, unknown>;

export type TokenLink = { kind: AccountTokenKind; token: string };

/** The link's address (for the page's text), or a 410 when it is used, withdrawn or expired. */
export async function tokenLinkPage(env: Env, { kind, token }: TokenLink) {
  const usable = await findUsableToken(env, kind, token);
  return data({ email: usable?.email ?? null }, { status: usable ? 200 : 410, headers: { "Cache-Control": "no-store" } });
}

/**
 * Chooses the password from the form the route read: the form's schema and the strength check (400, nothing kept of
 * the passwords), then the link's use (false when it was used meanwhile: 410), then the sign-in page with a toast.
 */
export async function chooseLinkPassword(env: Env, { kind, token, form, address }: TokenLink & { form: FormData; address: string | null }) {
  const usable = await findUsableToken(env, kind, token);
  if (!usable) return data<TokenLinkActionData>({ invalid: true }, { status: 410 });
  const submission = parseWithZod(form, { schema: choosePasswordSchema });
  if (submission.status !== "success")
    return data<TokenLinkActionData>({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const weak = newPasswordRefusal(submission.value.password, usable.email);
  if (weak)
    return data<TokenLinkActionData>(
      { result: submission.reply({ fieldErrors: { password: [weak.message] }, hideFields: HIDE }) },
      { status: 400 },
    );
  const { use, done } = USES[kind];
  if (!(await use(env, usable, submission.value.password, address))) return data<TokenLinkActionData>({ invalid: true }, { status: 410 });
  return redirectWithToast(env, LOGIN_PATH, { type: "success", title: done });
}
