/**
 * A lead-magnet submission (the popup; the playbook landing page adds phone;
 * the marketing checklist has only an email and its type): stored, then the
 * visitor's email (playbook links, or the checklist's) and a notice to the team.
 */
import type { VisitSource } from "~/lib/visit-source";
import type { StampClaim } from "~/lib/form-guard.server";
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { leadMagnetSubmissions, type leadMagnetSources } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { leadMagnetForm } from "~/lib/people";
import { siteCookie } from "~/lib/cookies.server";
import { checklistVisitorEmail, leadMagnetNoticeEmail, leadMagnetVisitorEmail } from "./lead-magnet.emails";

export const LEAD_MAGNET_RATE_LIMIT: EdgeRateLimitRule = { name: "lead-magnet", binding: "FORM_RATE_LIMITER", periodSeconds: 60 };

interface LeadMagnetSubmission {
  firstName: string;
  email: string;
  appUrl: string;
  phone?: string | null;
  page: string;
  source: (typeof leadMagnetSources)[number];
  type?: "marketing-checklist";
}

/** `stamp`: the post's claim on its form stamp (no Turnstile token), recorded in the same batch. */
export async function submitLeadMagnet(
  env: Env,
  input: LeadMagnetSubmission,
  stamp: StampClaim | null,
  source: VisitSource,
): Promise<void> {
  const payload = {
    ...input,
    phone: input.phone ?? null,
    type: input.type ?? null,
    pdfUrl: env.PLAYBOOK_PDF_URL,
    xlsxUrl: env.PLAYBOOK_XLSX_URL,
  };
  const id = crypto.randomUUID();
  await storeAndNotify(env, {
    label: "lead-magnet submission",
    records: (db) => [
      db.insert(leadMagnetSubmissions).values({
        id,
        firstName: input.firstName,
        email: input.email,
        appUrl: input.appUrl,
        phone: input.phone ?? null,
        page: input.page,
        source: input.source,
        type: input.type ?? null,
      }),
    ],
    drafts: [
      outboxDraft(input.type === "marketing-checklist" ? checklistVisitorEmail : leadMagnetVisitorEmail, input.email, payload),
      outboxDraft(leadMagnetNoticeEmail, env.NOTIFY_TO, payload),
    ],
    person: {
      email: input.email,
      name: input.firstName,
      app: input.appUrl,
      form: leadMagnetForm(input.source, input.type),
      recordId: id,
      source,
    },
    stamp,
  });
}

/** The checklist's email-only submission: empty firstName and appUrl, type `marketing-checklist`. */
export function submitChecklist(env: Env, email: string, page: string, stamp: StampClaim | null, source: VisitSource): Promise<void> {
  return submitLeadMagnet(
    env,
    { firstName: "", email, appUrl: "", page, source: "checklist-page", type: "marketing-checklist" },
    stamp,
    source,
  );
}

/** Remembers, for a year, that this browser unlocked the checklist (a returning visitor sees it at once). */
const checklistCookie = (env: Env) => siteCookie(env, "checklist");

/** `cookieHeader`: the request's `Cookie` header, which the route reads. */
export async function hasUnlockedChecklist(env: Env, cookieHeader: string | null): Promise<boolean> {
  return (await (await checklistCookie(env)).parse(cookieHeader)) === "unlocked";
}

export async function checklistUnlockedHeaders(env: Env): Promise<HeadersInit> {
  return { "Set-Cookie": await (await checklistCookie(env)).serialize("unlocked") };
}
