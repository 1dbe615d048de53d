import { readSmallForm } from "~/lib/request.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ACCOUNT_MESSAGES } from "~/features/auth/account.messages";
import { changePasswordSchema, disableTwoFactorSchema, endSessionSchema, newRecoveryCodesSchema } from "~/features/auth/account.schema";
import {
  accountOverview,
  changePassword,
  disableTwoFactor,
  endAdminSession,
  endOtherAdminSessions,
  makeNewRecoveryCodes,
  unknownIntent,
  type FieldRefusal,
} from "~/features/auth/account.server";
import { ACCOUNT_PATH, AccountPage, type AccountActionData, type AccountActionResult } from "~/features/auth/AccountPage";
import { endCurrentSession } from "~/features/auth/guard.server";
import { requireAdminActor } from "~/features/auth/index.server";
import { LOGIN_PATH } from "~/features/auth/paths";
import { formHeaders } from "~/lib/forms";
import { redirectWithToast } from "~/lib/toast.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return accountOverview(env, admin);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin, actor } = await requireAdminActor(env, request);
  const form = await readSmallForm(request);
  const intent = String(form.get("intent") ?? "");
  const done = (title: string) => redirectWithToast(env, ACCOUNT_PATH, { type: "success", title });
  const refuse = (result: AccountActionData) => data(result, { status: 400 });
  // A refusal under its field: 400, or 429 with Retry-After while wrong codes have locked the admin's codes.
  type Reply = (options: { fieldErrors: Record<string, string[]>; hideFields: string[] }) => AccountActionResult;
  const refuseField = (intent: string, reply: Reply, refusal: FieldRefusal) =>
    data<AccountActionData>(
      { intent, result: reply({ fieldErrors: { [refusal.field]: [refusal.message] }, hideFields: ["password", "code"] }) },
      {
        status: refusal.status ?? 400,
        headers: refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined,
      },
    );

  switch (intent) {
    case "change-password": {
      const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
      const submission = parseWithZod(form, { schema: changePasswordSchema });
      if (submission.status !== "success") return refuse({ intent, result: submission.reply({ hideFields }) });
      const refusal = await changePassword(env, submission.value, { admin, actor });
      if (refusal) return refuse({ intent, result: submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] }, hideFields }) });
      return done(ACCOUNT_MESSAGES.passwordChanged);
    }
    case "end-session": {
      const submission = parseWithZod(form, { schema: endSessionSchema });
      if (submission.status !== "success") return unknownIntent();
      if (submission.value.sessionId === admin.sessionId) {
        return redirectWithToast(
          env,
          LOGIN_PATH,
          { type: "success", title: ACCOUNT_MESSAGES.sessionEnded },
          { headers: { "Set-Cookie": await endCurrentSession(env, request) } },
        );
      }
      await endAdminSession(env, submission.value.sessionId, { admin, actor });
      return done(ACCOUNT_MESSAGES.sessionEnded);
    }
    case "end-other-sessions":
      await endOtherAdminSessions(env, { admin, actor });
      return done(ACCOUNT_MESSAGES.otherSessionsEnded);
    case "disable-2fa": {
      const submission = parseWithZod(form, { schema: disableTwoFactorSchema });
      if (submission.status !== "success") return refuse({ intent, result: submission.reply({ hideFields: ["password"] }) });
      const refusal = await disableTwoFactor(env, submission.value, { admin, actor });
      if (refusal) return refuseField(intent, (o) => submission.reply(o), refusal);
      return done(ACCOUNT_MESSAGES.twoFactorOff);
    }
    case "new-recovery-codes": {
      const submission = parseWithZod(form, { schema: newRecoveryCodesSchema });
      if (submission.status !== "success") return refuse({ intent, result: submission.reply({ hideFields: ["password", "code"] }) });
      const made = await makeNewRecoveryCodes(env, submission.value, { admin, actor });
      if (!("codes" in made)) return refuseField(intent, (o) => submission.reply(o), made);
      // Shown once, in this answer only: never cached, never stored in clear.
      return data<AccountActionData>({ intent, codes: made.codes }, { headers: { "Cache-Control": "no-store" } });
    }
    default:
      throw unknownIntent();
  }
}

export const headers = formHeaders;
export const handle: RouteHandle = { bareLayout: true };

export default function Account() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <AccountPage data={loaderData} actionData={actionData} />;
}

export const meta: MetaFunction = () => adminMeta("Your account");
