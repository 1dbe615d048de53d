/**
 * The notification settings (ADR 0012): destinations (Slack or a
 * signed webhook), their events, and the recent deliveries with each try.
 * Every change writes its audit entry in its own batch. Deliveries are rows of
 * the one delivery pipeline (`email_outbox`, channel `webhook`): a test event
 * and a Resend are queued like any other.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox, notificationDestinations } from "~/db/schema";
import { clearSendReceipt } from "~/email/receipts.server";
import { enqueueOutbox } from "~/email/outbox.server";
import { MAX_TOTAL_ATTEMPTS } from "~/email/policy";
import type { AlertEvent, DestinationKind } from "~/db/shared";
import { AUDIT_ACTIONS, auditEntry, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { seal, unseal } from "~/lib/encryption.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ALERTS_MESSAGES as M, NOTIFICATIONS_PATH } from "./alerts.messages";
import { createDestinationSchema, destinationActionSchema, resendSchema, updateEventsSchema } from "./alerts.schema";

const DELIVERY_LIST_SIZE = 30;

export interface DestinationView {
  id: string;
  name: string;
  kind: DestinationKind;
  /** Slack's URL is its secret: only its origin is shown. */
  urlShown: string;
  events: AlertEvent[];
  enabled: boolean;
  createdAt: number;
}

export interface AttemptView {
  at: number;
  outcome: "delivered" | "failed";
  responseCode: number | null;
}

export interface DeliveryView {
  id: string;
  event: string;
  summary: string;
  destination: string | null;
  status: "queued" | "sent" | "failed";
  attempts: AttemptView[];
  lastResponseCode: number | null;
  lastError: string | null;
  createdAt: number;
}

export interface NotificationsData {
  email: string;
  /** Made for this render: the add form's key (the same form sent twice adds one destination). */
  formKey: string;
  destinations: DestinationView[];
  deliveries: DeliveryView[];
}

export type NotificationsActionData =
  { intent: string; result: SubmissionResult<string[]>; created?: { name: string; secret: string } } | undefined;

function shownUrl(kind: DestinationKind, url: string): string {
  if (kind !== "slack") return url;
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return "…";
  }
}

/** The page: destinations and the last deliveries with their tries (2 statements in one batch). */
export async function loadNotifications(env: Env, admin: { email: string }): Promise<NotificationsData> {
  const recent = `SELECT id FROM email_outbox WHERE channel = 'webhook' ORDER BY created_at DESC, id LIMIT ${DELIVERY_LIST_SIZE}`;
  const [destinations, deliveries, attempts] = await env.DB.batch([
    env.DB.prepare("SELECT id, name, kind, url, events, enabled, created_at FROM notification_destinations ORDER BY created_at, id"),
    env.DB.prepare(
      `SELECT o.id, o.kind, o.subject, o.status, o.last_error, o.created_at, d.name AS destination
         FROM email_outbox o LEFT JOIN notification_destinations d ON d.id = o.destination_id
        WHERE o.id IN (${recent}) ORDER BY o.created_at DESC, o.id`,
    ),
    env.DB.prepare(
      `SELECT delivery_id, at, outcome, response_code FROM delivery_attempts WHERE delivery_id IN (${recent}) ORDER BY at, id`,
    ),
  ]);
  const tries = new Map<string, AttemptView[]>();
  for (const a of attempts!.results as {
    delivery_id: string;
    at: number;
    outcome: AttemptView["outcome"];
    response_code: number | null;
  }[]) {
    const list = tries.get(a.delivery_id) ?? [];
    list.push({ at: a.at, outcome: a.outcome, responseCode: a.response_code });
    tries.set(a.delivery_id, list);
  }
  return {
    email: admin.email,
    formKey: crypto.randomUUID(),
    destinations: await Promise.all(
      (
        destinations!.results as {
          id: string;
          name: string;
          kind: DestinationKind;
          url: string;
          events: string;
          enabled: number;
          created_at: number;
        }[]
      ).map(async (d) => ({
        id: d.id,
        name: d.name,
        kind: d.kind,
        urlShown: shownUrl(d.kind, await unseal(env, "destination-url", d.url)),
        events: JSON.parse(d.events) as AlertEvent[],
        enabled: d.enabled === 1,
        createdAt: d.created_at,
      })),
    ),
    deliveries: (
      deliveries!.results as {
        id: string;
        kind: string;
        subject: string;
        status: DeliveryView["status"];
        last_error: string | null;
        created_at: number;
        destination: string | null;
      }[]
    ).map((r) => {
      const list = tries.get(r.id) ?? [];
      return {
        id: r.id,
        event: r.kind,
        summary: r.subject,
        destination: r.destination,
        status: r.status,
        attempts: list,
        lastResponseCode: list.at(-1)?.responseCode ?? null,
        lastError: r.last_error,
        createdAt: r.created_at,
      };
    }),
  };
}

/** A signing secret as Standard Webhooks writes it: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

const unknownForm = () => new Response("Unknown form", { status: 400 });

/** One of the page's forms (`intent`), read by the route, done as `actor`. */
export async function notificationsAction(env: Env, form: FormData, actor: Actor): Promise<Response> {
  const intent = String(form.get("intent") ?? "");
  const db = getDb(env);
  const done = (title: string) => redirectWithToast(env, NOTIFICATIONS_PATH, { type: "success", title });
  const refuse = (result: SubmissionResult<string[]>, status = 400) =>
    data<NotificationsActionData>({ intent, result }, { status }) as unknown as Response;

  switch (intent) {
    case "create": {
      const submission = parseWithZod(form, { schema: createDestinationSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const value = submission.value;
      if (env.ENVIRONMENT === "production" && !value.url.toLowerCase().startsWith("https://"))
        return refuse(submission.reply({ fieldErrors: { url: [M.urlProductionHttps] } }));
      const secret = value.kind === "webhook" ? newSecret() : null;
      // Sealed (ADR 0017): a dump of the database gives neither a Slack URL nor a signing secret.
      const [url, sealedSecret] = await Promise.all([
        seal(env, "destination-url", value.url),
        secret === null ? null : seal(env, "webhook-secret", secret),
      ]);
      const [inserted] = await db.batch([
        db
          .insert(notificationDestinations)
          .values({ id: value.key, name: value.name, kind: value.kind, url, secret: sealedSecret, events: value.events, enabled: true })
          .onConflictDoNothing()
          .returning({ id: notificationDestinations.id }),
        // Recorded only when this try added it (changes() of the insert just before).
        auditEntry(
          db,
          {
            action: AUDIT_ACTIONS.alertsCreate,
            actor,
            resource: "notification_destinations",
            recordId: value.key,
            detail: { kind: value.kind, events: value.events },
          },
          sql`changes() = 1`,
        ),
      ]);
      // A second send of the same form: added already, its secret was shown the first time.
      if (inserted.length === 0 || !secret) return done(M.created);
      return data<NotificationsActionData>({
        intent,
        result: submission.reply({ resetForm: true }),
        created: { name: value.name, secret },
      }) as unknown as Response;
    }
    case "events": {
      const submission = parseWithZod(form, { schema: updateEventsSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const { destinationId, events } = submission.value;
      const exists = sql`EXISTS (SELECT 1 FROM ${notificationDestinations} WHERE ${notificationDestinations.id} = ${destinationId})`;
      const [entry] = await db.batch([
        auditEntry(
          db,
          { action: AUDIT_ACTIONS.alertsUpdate, actor, resource: "notification_destinations", recordId: destinationId, detail: { events } },
          exists,
        ).returning(),
        db.update(notificationDestinations).set({ events, updatedAt: new Date() }).where(eq(notificationDestinations.id, destinationId)),
      ]);
      if (entry.length === 0) return refuse(submission.reply({ formErrors: [M.notFound] }), 404);
      return done(M.updated);
    }
    case "turn-on":
    case "turn-off":
    case "delete":
    case "test": {
      const submission = parseWithZod(form, { schema: destinationActionSchema });
      if (submission.status !== "success") throw unknownForm();
      const { destinationId } = submission.value;
      const destination = await db.select().from(notificationDestinations).where(eq(notificationDestinations.id, destinationId)).get();
      if (!destination) return refuse(submission.reply({ formErrors: [M.notFound] }), 404);
      const exists = sql`EXISTS (SELECT 1 FROM ${notificationDestinations} WHERE ${notificationDestinations.id} = ${destinationId})`;
      const audit = (action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS], detail?: Record<string, unknown>) =>
        auditEntry(db, { action, actor, resource: "notification_destinations", recordId: destinationId, detail: detail ?? null }, exists);
      if (intent === "test") {
        const id = crypto.randomUUID();
        await db.batch([
          audit(AUDIT_ACTIONS.alertsTest, { deliveryId: id }),
          db.insert(emailOutbox).values({
            id,
            channel: "webhook",
            destinationId,
            kind: "destination.test",
            recipient: destination.name,
            subject: M.testSummary,
            payload: { message: "This is a test event from the Founder Leads notification settings.", destination: destination.name },
            status: "queued",
          }),
        ]);
        await enqueueOutbox(env, [id]);
        return done(M.testQueued);
      }
      if (intent === "delete") {
        await db.batch([
          audit(AUDIT_ACTIONS.alertsDelete, { name: destination.name, kind: destination.kind }),
          // Its deliveries still waiting will never go: failed for good (the sweeper stops at MAX_TOTAL_ATTEMPTS).
          db
            .update(emailOutbox)
            .set({ status: "failed", attempts: MAX_TOTAL_ATTEMPTS, lastError: "The destination was deleted", leaseUntil: null })
            .where(and(eq(emailOutbox.destinationId, destinationId), sql`${emailOutbox.status} <> 'sent'`)),
          db.delete(notificationDestinations).where(eq(notificationDestinations.id, destinationId)),
        ]);
        return done(M.deleted);
      }
      const enabled = intent === "turn-on";
      await db.batch([
        audit(AUDIT_ACTIONS.alertsUpdate, { enabled }),
        db.update(notificationDestinations).set({ enabled, updatedAt: new Date() }).where(eq(notificationDestinations.id, destinationId)),
      ]);
      return done(enabled ? M.turnedOn : M.turnedOff);
    }
    case "resend": {
      const submission = parseWithZod(form, { schema: resendSchema });
      if (submission.status !== "success") throw unknownForm();
      const { deliveryId } = submission.value;
      const delivery = and(eq(emailOutbox.id, deliveryId), eq(emailOutbox.channel, "webhook"));
      const [entry] = await db.batch([
        auditEntry(
          db,
          { action: AUDIT_ACTIONS.alertsResend, actor, resource: "email_outbox", recordId: deliveryId },
          sql`EXISTS (SELECT 1 FROM ${emailOutbox} WHERE ${delivery})`,
        ).returning(),
        db.update(emailOutbox).set({ status: "queued", nextAttemptAt: new Date(), leaseUntil: null }).where(delivery),
      ]);
      if (entry.length === 0) return refuse(submission.reply({ formErrors: [M.deliveryNotFound] }), 404);
      // Sent before: its send receipt would make the consumer skip it.
      await clearSendReceipt(env, deliveryId).catch((error) => console.error(`Could not clear the receipt of ${deliveryId}`, error));
      await enqueueOutbox(env, [deliveryId]);
      return done(M.resent);
    }
    default:
      throw unknownForm();
  }
}
