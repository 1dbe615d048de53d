/**
 * A lead-magnet submission (the popup; the playbook landing page adds phone):
 * stored, then the playbook links to the visitor and a notice to the team.
 */
import { leadMagnetSubmissions } from "~/db/schema";
import { enqueueOutbox, insertOutbox, outboxDraft } from "~/email/outbox.server";
import { getDb } from "~/lib/db.server";
import { leadMagnetNoticeEmail, leadMagnetVisitorEmail } from "./lead-magnet.emails";

export const LEAD_MAGNET_RATE_LIMIT = { name: "lead-magnet", limit: 10, windowSeconds: 600 };

export interface LeadMagnetSubmission {
  firstName: string;
  email: string;
  appUrl: string;
  phone?: string | null;
  page: string;
  source: "leadmagnet-popup" | "playbook-landing";
}

export async function submitLeadMagnet(env: Env, input: LeadMagnetSubmission): Promise<void> {
  const db = getDb(env);
  const payload = { ...input, phone: input.phone ?? null, pdfUrl: env.PLAYBOOK_PDF_URL, xlsxUrl: env.PLAYBOOK_XLSX_URL };
  const drafts = [
    outboxDraft(leadMagnetVisitorEmail, input.email, payload),
    outboxDraft(leadMagnetNoticeEmail, env.NOTIFY_TO, payload),
  ];
  await db.batch([
    db.insert(leadMagnetSubmissions).values({
      firstName: input.firstName,
      email: input.email,
      appUrl: input.appUrl,
      phone: input.phone ?? null,
      page: input.page,
      source: input.source,
    }),
    insertOutbox(db, drafts),
  ]);
  await enqueueOutbox(
    env,
    drafts.map((d) => d.id),
  );
}
