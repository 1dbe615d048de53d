/**
 * The person page's "Newsletter" block (ADR 0025): the broadcasts the person's address was sent (its outbox rows), the
 * links they clicked, and the address's suppression, read in one round trip; and the "Lift suppression" action.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import type { SuppressionReason } from "./suppression.server";
import { liftSuppression } from "./suppression.server";
import type { Actor } from "~/lib/audit.server";
import { loggable } from "~/lib/log.server";
import { personPath } from "~/lib/paths";
import { redirectWithToast } from "~/lib/toast.server";
import { LIFT_SUPPRESSION_INTENT, liftSuppressionSchema, PERSON_NEWSLETTER_MESSAGES as M } from "./person-newsletter.schema";

/** Rows the block shows at most, per list. */
const SHOWN = 50;

export interface PersonNewsletter {
  received: { broadcastId: string; subject: string; status: string; at: number; lastError: string | null }[];
  clicks: { broadcastId: string; subject: string; url: string; humanClicks: number; botClicks: number; lastClickedAt: number }[];
  suppression: { reason: SuppressionReason; detail: string | null; createdAt: number } | null;
  /** The address's newsletter subscription, if it ever signed up: its state and when it joined or left. */
  subscription: { status: "pending" | "confirmed" | "unsubscribed"; confirmedAt: number | null; unsubscribedAt: number | null } | null;
}

/** The block's data for an address: four statements in one batch, along the recipient and address indexes. */
export async function loadPersonNewsletter(env: Pick<Env, "DB">, email: string): Promise<PersonNewsletter> {
  const [received, clicks, suppression, subscription] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `SELECT o.broadcast_id AS broadcastId, b.subject, o.status, coalesce(o.sent_at, o.created_at) AS at, o.last_error AS lastError
       FROM email_outbox o JOIN broadcasts b ON b.id = o.broadcast_id
       WHERE o.recipient = lower(trim(?1)) AND o.broadcast_id IS NOT NULL
       ORDER BY o.created_at DESC LIMIT ${SHOWN}`,
    ).bind(email),
    env.DB.prepare(
      `SELECT c.broadcast_id AS broadcastId, b.subject, c.url, c.human_clicks AS humanClicks, c.bot_clicks AS botClicks,
         c.last_clicked_at AS lastClickedAt
       FROM broadcast_clicks c JOIN broadcasts b ON b.id = c.broadcast_id
       WHERE c.recipient = lower(trim(?1)) ORDER BY c.last_clicked_at DESC LIMIT ${SHOWN}`,
    ).bind(email),
    env.DB.prepare("SELECT reason, detail, created_at AS createdAt FROM email_suppressions WHERE email = lower(trim(?1))").bind(email),
    env.DB.prepare(
      `SELECT status, confirmed_at AS confirmedAt, unsubscribed_at AS unsubscribedAt
       FROM newsletter_subscribers WHERE lower(trim(email)) = lower(trim(?1))`,
    ).bind(email),
  ]);
  return {
    received: (received?.results ?? []) as unknown as PersonNewsletter["received"],
    clicks: (clicks?.results ?? []) as unknown as PersonNewsletter["clicks"],
    suppression: ((suppression?.results ?? [])[0] as PersonNewsletter["suppression"] | undefined) ?? null,
    subscription: ((subscription?.results ?? [])[0] as PersonNewsletter["subscription"] | undefined) ?? null,
  };
}

export type LiftSuppressionData = { intent: typeof LIFT_SUPPRESSION_INTENT; result: SubmissionResult<string[]> };

/** Whether a person page's form post is the "Lift suppression" form (the route sends it here, the others to the pipeline's action). */
export const isLiftSuppression = (form: FormData) => form.get("intent") === LIFT_SUPPRESSION_INTENT;

/**
 * "Lift suppression" on a person's page (the caller checked the admin): the person's own stored address is lifted,
 * never one from the form, with its audit entry in the same batch; then back to the page with a toast.
 */
export async function liftPersonSuppression(env: Env, { personId, form }: { personId: string; form: FormData }, actor: Actor) {
  const submission = parseWithZod(form, { schema: liftSuppressionSchema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<LiftSuppressionData>({ intent: LIFT_SUPPRESSION_INTENT, result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const person = await env.DB.prepare("SELECT email FROM people WHERE id = ?1").bind(personId).first<{ email: string }>();
  if (!person) throw new Response("No such person", { status: 404 });
  let lifted: boolean;
  try {
    lifted = await liftSuppression(env, person.email, actor, personId);
  } catch (error) {
    console.error(`Person ${personId}: lifting the suppression failed`, loggable(error));
    return reply(submission.reply({ formErrors: [M.liftFailed] }), 503);
  }
  return redirectWithToast(
    env,
    personPath(personId),
    lifted ? { type: "success", title: M.lifted } : { type: "info", title: M.nothingToLift },
  );
}
