/**
 * A lead-magnet submission (the popup; the playbook landing page adds phone;
 * the marketing checklist has only an email and its type): stored, then the
 * visitor's email (playbook links, or the checklist's) and a notice to the team.
 */
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { leadMagnetSubmissions } from "~/db/schema";
import { enqueueOutbox, insertOutbox, outboxDraft } from "~/email/outbox.server";
import { siteCookie } from "~/lib/cookies.server";
import { getDb } from "~/lib/db.server";
import { checklistVisitorEmail, leadMagnetNoticeEmail, leadMagnetVisitorEmail } from "./lead-magnet.emails";
import { withD1Retry } from "~/lib/d1-retry.server";

export const LEAD_MAGNET_RATE_LIMIT: EdgeRateLimitRule = { name: "lead-magnet", binding: "FORM_RATE_LIMITER", periodSeconds: 60 };

export interface LeadMagnetSubmission {
  firstName: string;
  email: string;
  appUrl: string;
  phone?: string | null;
  page: string;
  source: "leadmagnet-popup" | "playbook-landing" | "checklist-page";
  type?: "marketing-checklist";
}

export async function submitLeadMagnet(env: Env, input: LeadMagnetSubmission): Promise<void> {
  const db = getDb(env);
  const payload = { ...input, phone: input.phone ?? null, type: input.type ?? null, pdfUrl: env.PLAYBOOK_PDF_URL, xlsxUrl: env.PLAYBOOK_XLSX_URL };
  const drafts = [
    outboxDraft(input.type === "marketing-checklist" ? checklistVisitorEmail : leadMagnetVisitorEmail, input.email, payload),
    outboxDraft(leadMagnetNoticeEmail, env.NOTIFY_TO, payload),
  ];
  await withD1Retry("lead-magnet submission", () => db.batch([
    db.insert(leadMagnetSubmissions).values({
      firstName: input.firstName,
      email: input.email,
      appUrl: input.appUrl,
      phone: input.phone ?? null,
      page: input.page,
      source: input.source,
      type: input.type ?? null,
    }),
    insertOutbox(db, drafts),
  ]));
  await enqueueOutbox(
    env,
    drafts.map((d) => d.id),
  );
}

/** The checklist's email-only submission: empty firstName and appUrl, type `marketing-checklist`. */
export function submitChecklist(env: Env, email: string, page: string): Promise<void> {
  return submitLeadMagnet(env, { firstName: "", email, appUrl: "", page, source: "checklist-page", type: "marketing-checklist" });
}

/** Remembers, for a year, that this browser unlocked the checklist (a returning visitor sees it at once). */
const checklistCookie = (env: Env) => siteCookie(env, "checklist");

export async function hasUnlockedChecklist(request: Request, env: Env): Promise<boolean> {
  return (await checklistCookie(env).parse(request.headers.get("Cookie"))) === "unlocked";
}

export async function checklistUnlockedHeaders(env: Env): Promise<HeadersInit> {
  return { "Set-Cookie": await checklistCookie(env).serialize("unlocked") };
}
