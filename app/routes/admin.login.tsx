import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, AuthLink } from "~/features/auth/AuthCard";
import type { SubmissionResult } from "@conform-to/react";
import { authenticateAdmin, beginSignIn, LoginError } from "~/features/auth/sign-in.server";
import { DASHBOARD_PATH } from "~/features/auth/paths";
import { optionalAdmin } from "~/features/auth/guard.server";
import { LoginForm } from "~/features/auth/LoginForm";
import { loginSchema } from "~/features/auth/login.schema";
import { LOGIN_MESSAGES } from "~/features/auth/auth.messages";
import { keptFormTarget, keptIdOf } from "~/features/auth/kept-form.server";
import { formHeaders } from "~/lib/forms";
import { KEPT_PARAM } from "~/lib/kept-form";
import { BodyTooLargeError, clientIp, readFormData, requireSameOrigin } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

type ActionData = { result: SubmissionResult<string[]> };

/** `?kept=<id>`: a form kept when the admin's session ended; the sign-in carries the id and returns to it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const kept = keptIdOf(new URL(request.url).searchParams.get(KEPT_PARAM));
  const admin = await optionalAdmin(env, request);
  if (admin) throw redirect((await keptFormTarget(env, kept, admin.id)) ?? DASHBOARD_PATH);
  return { kept };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  requireSameOrigin(request, env);
  let form: FormData;
  try {
    form = await readFormData(request, 8 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return data<ActionData>({ result: { status: "error", error: { "": [LOGIN_MESSAGES.failed] } } }, { status: 413 });
    }
    throw error;
  }
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const admin = await authenticateAdmin(env, request, form, clientIp(request));
    return await beginSignIn(env, request, admin, context.cloudflare.cf?.country ?? null, keptIdOf(form.get(KEPT_PARAM)));
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return data<ActionData>(
      { result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) },
      { status: error.status, headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined },
    );
  }
}

export const headers = formHeaders;
export const handle: RouteHandle = { bareLayout: true, noPopup: true };

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const { kept } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      title="Admin sign-in"
      intro="For the Founder Leads team only."
      footer={<AuthLink to="/admin/forgot-password">Forgot password?</AuthLink>}
    >
      <LoginForm lastResult={actionData?.result} kept={kept} />
    </AuthCard>
  );
}

export const meta: MetaFunction = () => adminMeta("Admin sign-in", { signedOut: true });
