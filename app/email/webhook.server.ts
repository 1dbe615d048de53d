/**
 * The webhook channel of the delivery pipeline (ADR 0012): posts one event to
 * its destination. A signed webhook follows Standard Webhooks (`webhook-id` =
 * the delivery row's id, stable across retries; `webhook-timestamp`;
 * `webhook-signature`, HMAC-SHA256 by the `standardwebhooks` package); a Slack
 * destination gets `text` plus simple blocks (its URL is its secret). A 2xx
 * answer is delivered; anything else throws a DeliveryError with the code.
 */
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { notificationDestinations, type OutboxRow } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { personPath } from "~/lib/paths";
import { unseal } from "~/lib/encryption.server";

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | null = null,
  ) {
    super(message);
  }
}

/** The JSON body of a signed webhook: Standard Webhooks' `type`, `timestamp`, `data`. */
export function webhookBody(row: Pick<OutboxRow, "kind" | "createdAt" | "payload">): string {
  return JSON.stringify({ type: row.kind, timestamp: row.createdAt.toISOString(), data: row.payload });
}

/** Slack's mrkdwn needs &, < and > escaped; nothing else is read as markup. */
const slackEscape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function slackBody(row: Pick<OutboxRow, "kind" | "subject" | "payload">, siteUrl: string): string {
  const personId = typeof row.payload.personId === "string" ? row.payload.personId : null;
  const link = personId ? `${siteUrl.replace(/\/$/, "")}${personPath(encodeURIComponent(personId))}` : null;
  return JSON.stringify({
    text: row.subject,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${slackEscape(row.subject)}*` } },
      {
        type: "context",
        elements: [{ type: "mrkdwn", text: `\`${row.kind}\`${link ? ` · <${link}|Open in the dashboard>` : ""}` }],
      },
    ],
  });
}

/** Sends one webhook delivery; returns the receiver's 2xx code or throws a DeliveryError. */
export async function sendWebhook(env: Env, row: OutboxRow, signal: AbortSignal): Promise<number> {
  if (!row.destinationId) throw new DeliveryError("The delivery has no destination");
  const destination = await getDb(env)
    .select()
    .from(notificationDestinations)
    .where(eq(notificationDestinations.id, row.destinationId))
    .get();
  if (!destination) throw new DeliveryError("The destination was deleted");
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "founder-leads-webhooks/1" };
  let body: string;
  if (destination.kind === "slack") {
    body = slackBody(row, env.SITE_URL);
  } else {
    if (!destination.secret) throw new DeliveryError("The destination has no signing secret");
    body = webhookBody(row);
    const timestamp = new Date();
    headers["webhook-id"] = row.id;
    headers["webhook-timestamp"] = String(Math.floor(timestamp.getTime() / 1000));
    headers["webhook-signature"] = new Webhook(await unseal(env, "webhook-secret", destination.secret)).sign(row.id, timestamp, body);
  }
  // Both stored sealed (ADR 0017).
  const url = await unseal(env, "destination-url", destination.url);
  const res = await fetch(url, { method: "POST", headers, body, signal, redirect: "manual" });
  // The answer's body is not needed; read it so the connection is released.
  const detail = (await res.text().catch(() => "")).slice(0, 200);
  if (res.status < 200 || res.status > 299)
    throw new DeliveryError(`The receiver answered ${res.status}${detail ? `: ${detail}` : ""}`, res.status);
  return res.status;
}
