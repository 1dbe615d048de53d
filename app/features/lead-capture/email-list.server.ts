/**
 * Email-only lists (the game waitlist, the newsletter): one row per email
 * (trimmed, lower-cased), written with its outbox emails in one D1 batch, then
 * queued. Joining again keeps the one row and sends nothing more.
 */
import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { newsletterSubscribers, waitlistEntries } from "~/db/schema";
import { enqueueOutbox, insertOutbox, type OutboxDraft } from "~/email/outbox.server";
import { getDb } from "~/lib/db.server";
import { readPublicForm } from "~/lib/forms.server";
import type { RateLimitRule } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";

type EmailListTable = typeof waitlistEntries | typeof newsletterSubscribers;

export type JoinResult = { status: "joined"; outboxIds: string[] } | { status: "already-joined" };

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return /UNIQUE constraint failed/i.test(text);
}

export async function joinEmailList(
  env: Env,
  table: EmailListTable,
  email: string,
  drafts: OutboxDraft[],
): Promise<JoinResult> {
  const db = getDb(env);
  const existing = await db.select({ id: table.id }).from(table).where(eq(table.email, email)).get();
  if (existing) return { status: "already-joined" };
  try {
    await db.batch([db.insert(table).values({ email }), insertOutbox(db, drafts)]);
  } catch (error) {
    // Two requests raced; the other one stored the row (and its emails).
    if (isUniqueViolation(error)) return { status: "already-joined" };
    throw error;
  }
  const ids = drafts.map((d) => d.id);
  await enqueueOutbox(env, ids);
  return { status: "joined", outboxIds: ids };
}

export type EmailListActionData = { result: SubmissionResult<string[]>; message?: string };

/**
 * The action of an email-only signup form. With JavaScript it answers with
 * data (the form shows the message inline); without, it redirects back with a
 * toast. Bad input: 400; too many: 429; too large: 413; storage down: 503.
 */
export async function emailListAction<Schema extends z.ZodType<{ email: string }>>(
  request: Request,
  env: Env,
  config: {
    schema: Schema;
    rateLimit: RateLimitRule;
    join: (env: Env, email: string) => Promise<JoinResult>;
    messages: { success: string; failure: string };
  },
) {
  const form = await readPublicForm(request, env, { schema: config.schema, rateLimit: config.rateLimit });
  if (form.kind === "rejected") {
    return data<EmailListActionData>({ result: form.result }, { status: form.status, headers: form.headers });
  }
  if (form.kind === "valid") {
    try {
      await config.join(env, form.value.email);
    } catch (error) {
      console.error("Email list signup failed", error);
      return data<EmailListActionData>({ result: form.reply({ formErrors: [config.messages.failure] }) }, { status: 503 });
    }
  }
  // Joined, already on the list, or a bot in the honeypot: the same answer.
  if (form.js) {
    return data<EmailListActionData>({
      result: form.kind === "valid" ? form.reply({ resetForm: true }) : { status: "success" },
      message: config.messages.success,
    });
  }
  return redirectWithToast(env, form.redirectTo, { type: "success", title: config.messages.success });
}
