/**
 * One place for what every public form action does before its own work:
 * read the body (size-capped), answer a filled honeypot like a success, count
 * the request against a per-address rate limit, validate with the same zod
 * schema the browser uses, and pass the bot check (a verified Turnstile token,
 * or the signed time stamp, a stricter limit and a claim on the stamp:
 * form-guard.server.ts) before anything is stored. A limiter that fails lets
 * through only a post with a verified token (503 otherwise).
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { claimStamp, GUARD_MESSAGES, guardPublicForm, StampUsedError, type StampClaim } from "./form-guard.server";
import { isHoneypotFilled } from "./honeypot";
import { hitEdgeRateLimit, RATE_LIMIT_MESSAGE, type EdgeRateLimitRule } from "./rate-limit.server";
import { BodyTooLargeError, readFormData, safeRedirectPath } from "./request.server";
import { JS_FIELD, REDIRECT_FIELD } from "./forms";
import type { ToastInput } from "./toast";
import { redirectWithToast } from "./toast.server";
import { loggable } from "./log.server";
import { sourceOfPost, type VisitSource } from "./visit-source";

const TOO_LARGE_MESSAGE = "That was more than this form accepts. Please shorten your entry and try again.";

type Base = { js: boolean; redirectTo: string };

type PublicFormOutcome<Output> =
  | (Base & {
      kind: "valid";
      value: Output;
      /** The claim on the form's stamp when it passed without a token: the work records it (`storeAndNotify`). */
      claim: StampClaim | null;
      /** Where the visit came from (ADR 0022): untrusted, sanitised, for reporting only. */
      source: VisitSource;
      reply: (opts?: { resetForm?: boolean; formErrors?: string[] }) => SubmissionResult;
    })
  | (Base & { kind: "honeypot" })
  | (Base & {
      kind: "rejected";
      status: 400 | 413 | 429 | 503;
      result: SubmissionResult;
      headers?: HeadersInit;
      /** The page's stamp cannot pass again: the root loader renews it (`asksForNewStamp`). */
      renewStamp?: true;
    });

async function readPublicForm<Schema extends z.ZodType>(
  request: Request,
  env: Env,
  { schema, rateLimit, failure }: { schema: Schema; rateLimit: EdgeRateLimitRule; failure: string },
): Promise<PublicFormOutcome<z.output<Schema>>> {
  let formData: FormData;
  try {
    formData = await readFormData(request);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    const empty = parseWithZod(new FormData(), { schema });
    return {
      kind: "rejected",
      status: 413,
      js: false,
      redirectTo: "/",
      result: empty.reply({ formErrors: [TOO_LARGE_MESSAGE] }),
    };
  }
  const base: Base = {
    js: formData.get(JS_FIELD) === "1",
    redirectTo: safeRedirectPath(formData.get(REDIRECT_FIELD)),
  };

  if (isHoneypotFilled(formData)) return { ...base, kind: "honeypot" };

  const submission = parseWithZod(formData, { schema });
  const limit = await hitEdgeRateLimit(env, rateLimit, request);
  if (limit.status === "limited") {
    return {
      ...base,
      kind: "rejected",
      status: 429,
      result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }),
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }
  if (submission.status !== "success") {
    return { ...base, kind: "rejected", status: 400, result: submission.reply() };
  }
  const guard = await guardPublicForm(request, env, formData, { form: rateLimit.name, value: submission.value, limit });
  if (!guard.allowed) {
    if (guard.status === 429) {
      return {
        ...base,
        kind: "rejected",
        status: 429,
        result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }),
        headers: { "Retry-After": String(guard.retryAfterSeconds) },
      };
    }
    if (guard.status === 503) return { ...base, kind: "rejected", status: 503, result: submission.reply({ formErrors: [failure] }) };
    return {
      ...base,
      kind: "rejected",
      status: 400,
      result: submission.reply({ formErrors: [guard.message] }),
      ...(guard.renewStamp ? { renewStamp: true as const } : {}),
    };
  }
  return {
    ...base,
    kind: "valid",
    value: submission.value,
    claim: guard.claim,
    source: sourceOfPost(request, formData),
    reply: (opts) => submission.reply(opts),
  };
}

export type PublicFormActionData = { result: SubmissionResult<string[]>; message?: string; renewStamp?: true };

/**
 * The whole action of a public form: `readPublicForm`, then `handle` with the
 * valid value and the post's stamp claim (null with a verified token), which
 * `handle` hands to `storeAndNotify` so the stamp is spent in the
 * submission's own batch; a post whose work stored nothing spends it here.
 * With JavaScript (the `_js` field) it answers with data, and the
 * form shows `success.title` inline; without, it redirects back to
 * `redirectTo` with the success toast. Bad input: 400; a stamp another post
 * used: 400; too many: 429; too large: 413; a failing `handle` or limiter
 * (without a verified token): 503 with `failure` under the form.
 */
export async function publicFormAction<Schema extends z.ZodType, Result = unknown>(
  request: Request,
  env: Env,
  config: {
    schema: Schema;
    rateLimit: EdgeRateLimitRule;
    /**
     * The feature's work, called as features are, env first: a feature function `(env, value, stamp, source)` goes in
     * as it is. `source`: the visit's source, which the work hands to its person link (`PersonLink.source`).
     */
    handle: (env: Env, value: z.output<Schema>, stamp: StampClaim | null, source: VisitSource) => Promise<Result>;
    /** The success message; a function picks it from what `handle` answered (undefined for a bot in the honeypot). */
    success: ToastInput | ((result: Result | undefined) => ToastInput);
    failure: string;
    /** Without JavaScript, where a success goes (default: the form's `redirectTo` field, i.e. back). */
    successRedirect?: string;
    /** Extra headers on a success (e.g. a cookie that remembers it), with or without JavaScript. */
    successHeaders?: () => Promise<HeadersInit>;
  },
) {
  const form = await readPublicForm(request, env, { schema: config.schema, rateLimit: config.rateLimit, failure: config.failure });
  if (form.kind === "rejected") {
    return data<PublicFormActionData>(
      { result: form.result, ...(form.renewStamp ? { renewStamp: true } : {}) },
      { status: form.status, headers: form.headers },
    );
  }
  let handled: Result | undefined;
  if (form.kind === "valid") {
    try {
      handled = await config.handle(env, form.value, form.claim, form.source);
      if (form.claim) await claimStamp(env, form.claim);
    } catch (error) {
      if (error instanceof StampUsedError) {
        return data<PublicFormActionData>({ result: form.reply({ formErrors: [GUARD_MESSAGES.used] }), renewStamp: true }, { status: 400 });
      }
      console.error(`Public form ${config.rateLimit.name} failed`, loggable(error));
      return data<PublicFormActionData>({ result: form.reply({ formErrors: [config.failure] }) }, { status: 503 });
    }
  }
  // Stored, or a bot in the honeypot: the same answer.
  const headers = config.successHeaders ? await config.successHeaders() : undefined;
  const success = typeof config.success === "function" ? config.success(handled) : config.success;
  if (form.js) {
    return data<PublicFormActionData>(
      {
        result: form.kind === "valid" ? form.reply({ resetForm: true }) : { status: "success" },
        message: success.title,
      },
      { headers },
    );
  }
  return redirectWithToast(env, config.successRedirect ?? form.redirectTo, success, { headers });
}
