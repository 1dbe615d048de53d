/**
 * Drafts and submissions of the onboarding wizard. The draft's id lives in a
 * signed cookie: only its owner can read or change it. A row exists once a
 * valid email does; every step change updates it; the final submit marks it
 * completed and writes both emails in the same D1 batch, at most once.
 */
import type { VisitSource } from "~/lib/visit-source";
import type { StampClaim } from "~/lib/form-guard.server";
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { and, eq } from "drizzle-orm";
import { onboardingSubmissions } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { getDb } from "~/lib/db.server";
import { siteCookie } from "~/lib/cookies.server";
import { onboardingConfirmationEmail, onboardingNoticeEmail } from "./onboarding.emails";
import { toDraft, type OnboardingData, type OnboardingDraft } from "./onboarding.schema";
import { EMAIL_PATTERN } from "./onboarding.options";

export const ONBOARDING_RATE_LIMIT: EdgeRateLimitRule = { name: "onboarding", binding: "ONBOARDING_RATE_LIMITER", periodSeconds: 60 };

const draftCookie = (env: Env) => siteCookie(env, "onboarding");

/** The draft's id from the request's `Cookie` header (the route reads it), or null. */
export async function draftIdFrom(env: Env, cookieHeader: string | null): Promise<string | null> {
  const value = (await (await draftCookie(env)).parse(cookieHeader)) as { id?: unknown } | null;
  return typeof value?.id === "string" ? value.id : null;
}

export const draftCookieHeader = async (env: Env, id: string) => (await draftCookie(env)).serialize({ id });
export const clearDraftCookieHeader = async (env: Env) => (await draftCookie(env)).serialize("", { maxAge: 0 });

interface SavedDraft {
  draft: OnboardingDraft;
  stepCompleted: number;
}

/** The open (not completed) draft with this id, if any. */
export async function loadDraft(env: Env, id: string): Promise<SavedDraft | null> {
  const row = await getDb(env)
    .select({ formData: onboardingSubmissions.formData, stepCompleted: onboardingSubmissions.stepCompleted })
    .from(onboardingSubmissions)
    .where(and(eq(onboardingSubmissions.id, id), eq(onboardingSubmissions.isCompleted, false)))
    .get();
  return row ? { draft: toDraft(row.formData), stepCompleted: row.stepCompleted } : null;
}

const hasValidEmail = (draft: OnboardingDraft) => EMAIL_PATTERN.test(draft.email.trim());

/**
 * Saves the draft: updates the visitor's open row, or creates one when there
 * is none yet (and the email is valid). Returns the row's id, or null when
 * there is nothing to save yet.
 */
export async function saveDraft(env: Env, id: string | null, draft: OnboardingDraft, stepCompleted: number): Promise<string | null> {
  const db = getDb(env);
  const email = draft.email.trim().toLowerCase();
  if (id) {
    const updated = await db
      .update(onboardingSubmissions)
      .set({ formData: draft, stepCompleted, ...(hasValidEmail(draft) ? { email } : {}), updatedAt: new Date() })
      .where(and(eq(onboardingSubmissions.id, id), eq(onboardingSubmissions.isCompleted, false)))
      .returning({ id: onboardingSubmissions.id });
    if (updated.length > 0) return id;
  }
  if (!hasValidEmail(draft)) return null;
  const [row] = await db
    .insert(onboardingSubmissions)
    .values({ email, stepCompleted, formData: draft, isCompleted: false })
    .returning({ id: onboardingSubmissions.id });
  return row!.id;
}

/** A final submit without a draft that repeats a completed one's answers within this time is that submission. */
const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

type CompleteResult = { status: "completed"; queued: boolean } | { status: "already-completed" };

/**
 * The final submit: marks the visitor's row completed (or creates a completed
 * row) and writes the team's and the founder's emails in the same batch. A
 * replay changes nothing: the guarded update matches no row, so no email is
 * written twice.
 */
export async function completeSubmission(
  env: Env,
  id: string | null,
  data: OnboardingData,
  stamp: StampClaim | null,
  source: VisitSource | null,
): Promise<CompleteResult> {
  const email = data.email.trim().toLowerCase();
  const now = Date.now();
  const formData = JSON.stringify(data);
  const recordId = id ?? crypto.randomUUID();

  const guarded = (d1: D1Database) =>
    id
      ? d1
          .prepare(
            `UPDATE onboarding_submissions SET is_completed = 1, step_completed = 4, form_data = ?2, email = ?3, updated_at = ?4
             WHERE id = ?1 AND is_completed = 0`,
          )
          .bind(id, formData, email, now)
      : // No cookie (or cookies off): a replay of the same answers within a day is the same submission. The check is
        // part of the insert, so two identical submits at the same moment store one row (and one pair of emails).
        d1
          .prepare(
            `INSERT INTO onboarding_submissions (id, email, step_completed, form_data, is_completed, created_at, updated_at)
             SELECT ?1, ?2, 4, ?3, 1, ?4, ?4
             WHERE NOT EXISTS (
               SELECT 1 FROM onboarding_submissions WHERE email = ?2 AND is_completed = 1 AND updated_at > ?5 AND form_data = ?3)`,
          )
          .bind(recordId, email, formData, now, now - REPLAY_WINDOW_MS);
  const stored = await storeAndNotify(env, {
    label: "onboarding submission",
    records: (_db, d1) => [guarded(d1)],
    drafts: [outboxDraft(onboardingNoticeEmail, env.NOTIFY_TO, data), outboxDraft(onboardingConfirmationEmail, email, data)],
    onlyIfChanged: true,
    // Linked only when this submit completed it (the guard of the emails), like the emails.
    person: {
      email,
      name: `${data.firstName} ${data.lastName}`,
      company: data.company,
      app: data.appName,
      form: "onboarding",
      recordId,
      source,
    },
    // The claim on the form stamp (no Turnstile token): recorded by the first batch of this request, once.
    stamp,
  });
  const changed = stored.status === "found" || stored.results[0]?.meta.changes !== 0;
  if (!changed) {
    // Nothing changed: either this draft was completed already (a replay), or its row is gone,
    // in which case the answers are stored as a new submission rather than lost.
    const existing = id ? await env.DB.prepare("SELECT is_completed FROM onboarding_submissions WHERE id = ?1").bind(id).first() : null;
    if (id && !existing) return completeSubmission(env, null, data, stamp, source);
    return { status: "already-completed" };
  }
  return { status: "completed", queued: stored.queued };
}
