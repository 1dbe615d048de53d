import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { BrandMark } from "~/components/ui/BrandMark";
import type { SubmissionResult } from "@conform-to/react";
import { authenticateAdmin, DASHBOARD_PATH, LoginError, optionalAdmin, startAdminSession } from "~/features/admin/auth.server";
import { LoginForm } from "~/features/admin/LoginForm";
import { loginSchema } from "~/features/admin/login.schema";
import { LOGIN_MESSAGES } from "~/features/admin/admin.messages";
import { formHeaders } from "~/lib/forms";
import { BodyTooLargeError, clientIp, readFormData, requireSameOrigin } from "~/lib/request.server";

type ActionData = { result: SubmissionResult<string[]> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await optionalAdmin(request, context.cloudflare.env)) throw redirect(DASHBOARD_PATH);
  return null;
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
    return await startAdminSession(env, request, admin);
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return data<ActionData>(
      { result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) },
      { status: error.status, headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined },
    );
  }
}

export const headers = formHeaders;
export const handle = { bareLayout: true, noPopup: true };

export default function AdminLogin() {
  const actionData = useActionData<ActionData>();
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <Link to="/" className="mx-auto flex w-fit items-center gap-2 font-bold text-ink">
          <BrandMark className="h-9 w-9" />
          <span className="text-lg">Founder Leads</span>
        </Link>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-xl font-bold">Admin sign-in</h1>
          <p className="mt-1 text-sm text-slate-600">For the Founder Leads team only.</p>
          <div className="mt-6">
            <LoginForm lastResult={actionData?.result} />
          </div>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin sign-in | Founder Leads" }, { name: "robots", content: "noindex" }];
