/**
 * The wizard's POSTs. Every step is a real form POST told apart by `intent`
 * (next, back, submit, autosave, start-over) or by conform's list intents
 * (add and remove a plan), so the whole journey works without JavaScript;
 * with it, the same action runs through Remix's fetch.
 */
import { CAME_FROM_FIELD, cleanHost, cleanSitePath, LANDING_FIELD, type VisitSource } from "~/lib/visit-source";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import { GUARD_MESSAGES, StampUsedError, type ClientChecks } from "~/lib/form-guard.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { RATE_LIMIT_MESSAGE } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { rememberVisitorEmail } from "~/lib/visitor.server";
import {
  clearDraftCookieHeader,
  completeSubmission,
  draftCookieHeader,
  loadDraft,
  ONBOARDING_RATE_LIMIT,
  saveDraft,
} from "./onboarding.server";
import { ONBOARDING_MESSAGES as M } from "./onboarding.messages";
import { onboardingSchema, STEP_COUNT, stepSchema, stepSchemas, toDraft, type OnboardingDraft } from "./onboarding.schema";
import { loggable } from "~/lib/log.server";

export interface WizardState {
  step: number;
  draft: OnboardingDraft;
  result: SubmissionResult<string[]> | null;
  /** A saved draft exists (offer 'Start over'). */
  saved: boolean;
  /** The page's form stamp cannot pass again: the root loader renews it (`asksForNewStamp`). */
  renewStamp?: true;
  /**
   * Where the visit came from, as the last step posted it (ADR 0022): carried to the next step's form, since a step's
   * answer page has the wizard itself as its Referer. Sanitised; null on a first GET.
   */
  carried?: { cameFrom: string; landing: string } | null;
}

const clampStep = (n: number) => (Number.isInteger(n) ? Math.min(Math.max(n, 1), STEP_COUNT) : 1);

/** GET: resume the visitor's own draft (`draftId`, from the draft cookie: `draftIdFrom`) at its saved step, or start empty. */
export async function wizardState(env: Env, draftId: string | null): Promise<WizardState> {
  const saved = draftId ? await loadDraft(env, draftId) : null;
  if (!saved) return { step: 1, draft: toDraft({}), result: null, saved: false };
  return { step: clampStep(saved.stepCompleted + 1), draft: saved.draft, result: null, saved: true };
}

const withCookie = (cookie: string | null): HeadersInit | undefined => (cookie ? { "Set-Cookie": cookie } : undefined);

/** The answer to a post that could not be taken (a failed store, a limiter that failed): try again. */
const TRY_AGAIN = `${M.submissionErrorTitle}: ${M.submissionErrorBody}`;

/** The most a wizard post may hold: the route reads the form within it. */
export const WIZARD_BODY_BYTES = 128 * 1024;

/**
 * A post of the wizard, as the route read it: the form (null when it was over
 * WIZARD_BODY_BYTES), the draft's id from its cookie, and the client's bot
 * checks (`clientChecks`), which run only for the posts that count.
 */
export interface WizardPost {
  form: FormData | null;
  /** The source of the visit (ADR 0022), read from the post (`sourceOfPost`); null when the form was not read. */
  source: VisitSource | null;
  draftId: string | null;
  checks: ClientChecks;
}

/** The source fields a wizard post carried, sanitised, for the next step's form. */
function carriedSource(form: FormData): { cameFrom: string; landing: string } {
  const cameFrom = form.get(CAME_FROM_FIELD);
  return {
    cameFrom: cleanSitePath(cameFrom) ?? cleanHost(cameFrom) ?? "",
    landing: cleanSitePath(form.get(LANDING_FIELD)) ?? "",
  };
}

export async function handleWizardPost(env: Env, post: WizardPost) {
  const { form: formData, draftId: id, checks } = post;
  if (!formData) {
    const state: WizardState = {
      step: 1,
      draft: toDraft({}),
      saved: false,
      result: { status: "error", error: { "": ["That was more than this form accepts."] } },
    };
    return data(state, { status: 413 });
  }
  const intent = String(formData.get("intent") ?? "");
  const step = clampStep(Number(formData.get("step")));

  if (intent === "start-over") {
    return redirect("/onboarding", { headers: { "Set-Cookie": await clearDraftCookieHeader(env) } });
  }
  if (isHoneypotFilled(formData)) return redirect("/call-booking");

  const limit = await checks.limit(ONBOARDING_RATE_LIMIT);
  const submission = parseWithZod(formData, { schema: stepSchema(step) });
  const draft = toDraft(submission.payload);
  const state = (s: number, result: SubmissionResult<string[]> | null, saved = Boolean(id)): WizardState => ({
    step: s,
    draft,
    result,
    saved,
    carried: carriedSource(formData),
  });

  if (limit.status === "limited") {
    return data(state(step, submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] })), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  // The limiter failed: nothing passes uncounted but a final submit with a verified Turnstile token (the guard's rule).
  if (limit.status === "unavailable" && intent !== "submit") {
    return data(state(step, submission.reply({ formErrors: [TRY_AGAIN] })), { status: 503 });
  }

  // Save as you go: a failed save is logged, never shown, never blocking.
  const save = async (stepCompleted: number): Promise<string | null> => {
    try {
      const savedId = await saveDraft(env, id, draft, stepCompleted);
      return savedId && savedId !== id ? await draftCookieHeader(env, savedId) : null;
    } catch (error) {
      console.error("Saving the onboarding draft failed", loggable(error));
      return null;
    }
  };

  switch (intent) {
    case "autosave": {
      const cookie = await save(step - 1);
      return data(state(step, null, Boolean(id || cookie)), { headers: withCookie(cookie) });
    }
    case "back": {
      const to = Math.max(1, step - 1);
      const cookie = await save(to - 1);
      return data(state(to, null, Boolean(id || cookie)), { headers: withCookie(cookie) });
    }
    case "next": {
      if (submission.status !== "success") return data(state(step, submission.reply()), { status: 400 });
      const to = Math.min(STEP_COUNT, step + 1);
      const cookie = await save(to - 1);
      return data(state(to, null, Boolean(id || cookie)), { headers: withCookie(cookie) });
    }
    case "submit": {
      const full = parseWithZod(formData, { schema: onboardingSchema });
      if (full.status !== "success") {
        // Back to the first step that needs a correction, with its messages.
        const errorStep = stepSchemas.findIndex((s) => !s.safeParse(full.payload).success) + 1 || STEP_COUNT;
        const stepSubmission = parseWithZod(formData, { schema: stepSchema(errorStep) });
        return data(state(errorStep, stepSubmission.reply()), { status: 400 });
      }
      // The bot check guards the step that stores the lead and sends email (the drafts before it only save
      // answers for this browser's cookie): a verified Turnstile token, or the time stamp and the tighter limit.
      const guard = await checks.guard(formData, { form: "onboarding", value: full.value, limit });
      if (!guard.allowed) {
        if (guard.status === 503) return data(state(STEP_COUNT, full.reply({ formErrors: [TRY_AGAIN] })), { status: 503 });
        if (guard.status === 429) {
          return data(state(STEP_COUNT, full.reply({ formErrors: [RATE_LIMIT_MESSAGE] })), {
            status: 429,
            headers: { "Retry-After": String(guard.retryAfterSeconds) },
          });
        }
        const refused = {
          ...state(STEP_COUNT, full.reply({ formErrors: [guard.message] })),
          ...(guard.renewStamp ? { renewStamp: true as const } : {}),
        };
        return data(refused, { status: 400 });
      }
      let outcome;
      try {
        outcome = await completeSubmission(env, id, full.value, guard.claim, post.source);
      } catch (error) {
        if (error instanceof StampUsedError) {
          return data(
            { ...state(STEP_COUNT, full.reply({ formErrors: [GUARD_MESSAGES.used] })), renewStamp: true as const },
            { status: 400 },
          );
        }
        console.error("Onboarding submission failed", loggable(error));
        return data(state(STEP_COUNT, full.reply({ formErrors: [TRY_AGAIN] })), { status: 503 });
      }
      const headers = new Headers();
      headers.append("Set-Cookie", await clearDraftCookieHeader(env));
      headers.append("Set-Cookie", await rememberVisitorEmail(env, full.value.email.trim().toLowerCase()));
      const emailFailed = outcome.status === "completed" && !outcome.queued;
      return redirectWithToast(
        env,
        "/call-booking",
        emailFailed
          ? { type: "error", title: M.emailErrorTitle, description: M.emailErrorBody }
          : { type: "success", title: M.successTitle, description: M.successBody },
        { headers },
      );
    }
    default: {
      if (intent) return data(state(step, null), { status: 400 });
      // conform's list intents (add or remove a plan, without JavaScript): the new list, no messages yet.
      return data(state(step, { ...submission.reply(), error: undefined }));
    }
  }
}
