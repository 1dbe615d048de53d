/**
 * Newsletter broadcasts (ADR 0025): written or made from a blog post, sent to confirmed newsletter subscribers (a
 * segment of them) through the one delivery pipeline. Nothing is sent inside a request: starting a broadcast flips
 * its status (one guarded UPDATE, so two presses start it once) and queues its fan-out; each fan-out step, a queue
 * task, writes the next page of recipients as outbox rows (`INSERT OR IGNORE`, ids made from the broadcast and the
 * subscriber, a unique index on broadcast and recipient) and queues them in batch messages spaced to the send rate.
 * The cron starts scheduled broadcasts, resumes a fan-out that stalled and marks finished ones sent.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { broadcasts, emailOutbox, type BroadcastRow, type BroadcastSegment } from "~/db/schema";
import { enqueueMessages, type EmailQueueMessage } from "~/email/outbox.server";
import { BATCH_MESSAGE_ROWS } from "~/email/policy";
import { postForNewsletter } from "~/features/blog/index.server";
import { auditEntry, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { slugify } from "~/lib/slug";
import { readTeamSettings } from "~/lib/team-settings.server";
import { instantOfLocalTime } from "~/lib/time-zone";
import { BROADCAST_KIND, broadcastNotSentEmail } from "./broadcast.emails";
import { purgeWebVersion } from "./web-version.server";

export const FANOUT_TASK = "broadcast-fanout";
/** Recipients one fan-out step writes (one INSERT … SELECT), queued as BATCH_MESSAGE_ROWS per message. */
export const FANOUT_PAGE = 500;
/** A broadcast still fanning out with no step for this long has stalled (a lost message): the cron queues a step. */
export const FANOUT_STALL_MS = 3 * 60 * 1000;
/** Scheduled broadcasts one cron run starts at most. */
const DUE_PER_RUN = 10;

/** Emails a second handed to the provider (BROADCAST_RATE_PER_SECOND, 20 when unset or not a positive number). */
export function sendRate(env: Pick<Env, "BROADCAST_RATE_PER_SECOND">): number {
  const rate = Number(env.BROADCAST_RATE_PER_SECOND);
  return Number.isFinite(rate) && rate > 0 ? rate : 20;
}

/**
 * The audience's conditions on `ns` (newsletter_subscribers) and `p` (their person): confirmed, not suppressed,
 * and in the segment, read from `segment`, an SQL expression of JSON text (the broadcast's column, or a parameter).
 * SQL text, no parameters of its own: it goes into statements that bind their own.
 */
function audienceFrom(segment: string): string {
  const key = (k: keyof BroadcastSegment) => `json_extract(${segment}, '$.${k}')`;
  return `FROM newsletter_subscribers ns LEFT JOIN people p ON p.email = lower(trim(ns.email))
    WHERE ns.status = 'confirmed'
      AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = lower(trim(ns.email)))
      AND (${key("form")} IS NULL
           OR EXISTS (SELECT 1 FROM person_submissions ps WHERE ps.person_id = p.id AND ps.form = ${key("form")}))
      AND (${key("channel")} IS NULL OR p.first_channel = ${key("channel")})
      AND (${key("campaign")} IS NULL OR p.first_utm_campaign = ${key("campaign")})
      AND (${key("status")} IS NULL OR p.status = ${key("status")})`;
}

/** A segment as stored: only the keys with a value. */
export function cleanSegment(segment: BroadcastSegment): BroadcastSegment {
  return Object.fromEntries(Object.entries(segment).filter(([, v]) => typeof v === "string" && v.trim()));
}

/** How many would receive a broadcast to this segment now. */
export async function countAudience(env: Env, segment: BroadcastSegment): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n ${audienceFrom("?1")}`)
    .bind(JSON.stringify(cleanSegment(segment)))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export interface BroadcastDraft {
  subject: string;
  preheader: string;
  /** A published blog post (its title, excerpt and sections are taken when sending starts), or null. */
  postId: string | null;
  title: string;
  intro: string;
  sections: unknown[];
  segment: BroadcastSegment;
  webVersion: boolean;
}

/** A new draft, with its audit entry. */
export async function createBroadcast(env: Env, draft: BroadcastDraft, actor: Actor): Promise<string> {
  const db = getDb(env);
  const id = crypto.randomUUID();
  // Unique without a read: the subject's words and a piece of the id.
  const slug = `${slugify(draft.subject, 60)}-${id.slice(0, 6)}`;
  await db.batch([
    db.insert(broadcasts).values({ id, slug, ...draft, segment: cleanSegment(draft.segment), createdBy: actor.email }),
    auditEntry(db, { action: "broadcasts.create", actor, resource: "broadcasts", recordId: id }),
  ]);
  return id;
}

export type UpdateResult = "updated" | "not-a-draft";

/** A draft's new content and audience, with its audit entry; refused once it is scheduled or sending (a guarded UPDATE). */
export async function updateBroadcast(env: Env, id: string, draft: BroadcastDraft, actor: Actor): Promise<UpdateResult> {
  const db = getDb(env);
  const guard = and(eq(broadcasts.id, id), eq(broadcasts.status, "draft"))!;
  const [, changed] = await db.batch([
    auditEntry(
      db,
      { action: "broadcasts.update", actor, resource: "broadcasts", recordId: id },
      sql`EXISTS (SELECT 1 FROM ${broadcasts} WHERE ${guard})`,
    ),
    db
      .update(broadcasts)
      .set({ ...draft, segment: cleanSegment(draft.segment), updatedAt: new Date() })
      .where(guard)
      .returning({ id: broadcasts.id }),
  ]);
  return changed.length > 0 ? "updated" : "not-a-draft";
}

export async function getBroadcast(env: Env, id: string): Promise<BroadcastRow | null> {
  return (await getDb(env).select().from(broadcasts).where(eq(broadcasts.id, id)).get()) ?? null;
}

export type StartResult =
  | { status: "started"; recipients: number }
  | { status: "not-a-draft" }
  | { status: "empty-audience" }
  | { status: "post-unavailable" }
  | { status: "no-postal-address" };

/**
 * Starts sending a draft (send now), or a scheduled broadcast whose time has come (the cron). One guarded UPDATE
 * moves it to `sending`: of two presses at the same moment, or a press and the cron, only one changes it, and only
 * that one queues the fan-out. The post's title, excerpt and sections are copied in the same statement: later edits
 * of the post do not change what is being sent.
 */
export async function startBroadcast(
  env: Env,
  id: string,
  actor: Actor,
  { from = "draft", now = Date.now() }: { from?: "draft" | "scheduled"; now?: number } = {},
): Promise<StartResult> {
  if (!env.POSTAL_ADDRESS.trim()) return { status: "no-postal-address" };
  const broadcast = await getBroadcast(env, id);
  if (broadcast?.status !== from) return { status: "not-a-draft" };
  const recipients = await countAudience(env, broadcast.segment);
  if (recipients === 0) return { status: "empty-audience" };
  const post = broadcast.postId ? await postForNewsletter(env, broadcast.postId) : null;
  if (broadcast.postId && !post) return { status: "post-unavailable" };
  const db = getDb(env);
  const guard = and(eq(broadcasts.id, id), eq(broadcasts.status, from))!;
  const [, started] = await db.batch([
    auditEntry(
      db,
      { action: "broadcasts.send", actor, resource: "broadcasts", recordId: id, detail: { recipients } },
      sql`EXISTS (SELECT 1 FROM ${broadcasts} WHERE ${guard})`,
    ),
    db
      .update(broadcasts)
      .set({
        status: "sending",
        startedAt: new Date(now),
        progressAt: new Date(now),
        recipientCount: recipients,
        updatedAt: new Date(now),
        ...(post ? { title: post.title, intro: post.excerpt ?? "", sections: post.content, postSlug: post.slug } : {}),
      })
      .where(guard)
      .returning({ id: broadcasts.id }),
  ]);
  if (started.length === 0) return { status: "not-a-draft" };
  await queueFanout(env, id);
  // Its web version appears now: a 404 cached at its address must go.
  if (broadcast.webVersion) await purgeWebVersion(env, id);
  return { status: "started", recipients };
}

const queueFanout = (env: Env, broadcastId: string, delaySeconds = 0) =>
  enqueueMessages(env, [{ body: { task: FANOUT_TASK, broadcastId }, ...(delaySeconds ? { delaySeconds } : {}) }]);

export type ScheduleResult = { status: "scheduled"; at: number } | { status: "not-a-draft" } | { status: "in-the-past" };

/** Schedules a draft for a local date and time in the team's time zone (right across daylight-saving changes). */
export async function scheduleBroadcast(
  env: Env,
  id: string,
  local: { date: string; time: string },
  actor: Actor,
  now = Date.now(),
): Promise<ScheduleResult> {
  const { timeZone } = await readTeamSettings(env.DB);
  const at = instantOfLocalTime(local.date, local.time, timeZone);
  if (at <= now) return { status: "in-the-past" };
  const changed = await guardedStatusChange(env, id, actor, "schedule", ["draft"], { status: "scheduled", scheduledAt: new Date(at) });
  return changed ? { status: "scheduled", at } : { status: "not-a-draft" };
}

/** Cancels a scheduled broadcast before it starts; back to nothing sent. */
export const cancelBroadcast = (env: Env, id: string, actor: Actor) =>
  guardedStatusChange(env, id, actor, "cancel", ["scheduled"], { status: "cancelled" });

/** Pauses a broadcast while it sends: batches that arrive meanwhile are held. */
export const pauseBroadcast = (env: Env, id: string, actor: Actor) =>
  guardedStatusChange(env, id, actor, "pause", ["sending"], { status: "paused" });

/** Resumes a paused broadcast: its held emails are queued again, and its fan-out goes on. */
export async function resumeBroadcast(env: Env, id: string, actor: Actor, now = Date.now()): Promise<boolean> {
  if (!(await guardedStatusChange(env, id, actor, "resume", ["paused"], { status: "sending", progressAt: new Date(now) }))) return false;
  const held = await getDb(env)
    .update(emailOutbox)
    .set({ status: "queued", nextAttemptAt: new Date(now) })
    .where(and(eq(emailOutbox.broadcastId, id), eq(emailOutbox.status, "held")))
    .returning({ id: emailOutbox.id });
  await queueBatches(
    env,
    held.map((r) => r.id),
  );
  const broadcast = await getBroadcast(env, id);
  if (broadcast && !broadcast.fanoutDoneAt) await queueFanout(env, id);
  return true;
}

async function guardedStatusChange(
  env: Env,
  id: string,
  actor: Actor,
  verb: string,
  from: BroadcastRow["status"][],
  set: Partial<typeof broadcasts.$inferInsert>,
): Promise<boolean> {
  const db = getDb(env);
  const guard = and(eq(broadcasts.id, id), inArray(broadcasts.status, from))!;
  const [, changed] = await db.batch([
    auditEntry(
      db,
      { action: `broadcasts.${verb}`, actor, resource: "broadcasts", recordId: id },
      sql`EXISTS (SELECT 1 FROM ${broadcasts} WHERE ${guard})`,
    ),
    db
      .update(broadcasts)
      .set({ ...set, updatedAt: new Date() })
      .where(guard)
      .returning({ id: broadcasts.id }),
  ]);
  return changed.length > 0;
}

/**
 * Outbox ids on the queue as batch messages, the n-th delayed by n batches' worth of the send rate: the provider gets
 * about BROADCAST_RATE_PER_SECOND emails a second however many consumers run. Returns the seconds the batches span.
 */
async function queueBatches(env: Env, ids: string[], rate = sendRate(env)): Promise<number> {
  const messages: MessageSendRequest<EmailQueueMessage>[] = [];
  for (let i = 0; i < ids.length; i += BATCH_MESSAGE_ROWS) {
    const delaySeconds = Math.floor(i / rate);
    messages.push({ body: { outboxIds: ids.slice(i, i + BATCH_MESSAGE_ROWS) }, ...(delaySeconds ? { delaySeconds } : {}) });
  }
  await enqueueMessages(env, messages);
  return Math.ceil(ids.length / rate);
}

/**
 * One fan-out step (the queue task): the next FANOUT_PAGE recipients after the last one written (the largest
 * address among the broadcast's rows: no cursor to keep), as outbox rows, in one statement with the broadcast's
 * progress. A step run twice (a retried message, the cron's resume beside a late message) writes nothing twice:
 * the row ids are the broadcast's and the subscriber's, and `INSERT OR IGNORE` returns only the rows it wrote. A
 * step whose answer was lost leaves its rows queued but not on the queue: the sweeper sends them. A step that wrote
 * nothing, though more is left, stops its chain: the step beside it that wrote those rows goes on (and if it is gone,
 * the cron's resume queues a step once progress has stalled).
 */
export async function fanoutStep(env: Env, broadcastId: string, now = Date.now()): Promise<{ written: number; done: boolean }> {
  const [written, progress] = await env.DB.batch<{ id?: string; done?: number | null }>([
    env.DB.prepare(
      `INSERT OR IGNORE INTO email_outbox
         (id, kind, recipient, subject, payload, status, next_attempt_at, created_at, channel, broadcast_id)
       SELECT 'b-' || b.id || '-' || ns.id, ?2, lower(trim(ns.email)), b.subject,
              json_object('broadcastId', b.id), 'queued', ?3, ?3, 'email', b.id
       ${audienceFrom("b.segment").replace("FROM newsletter_subscribers ns", "FROM broadcasts b, newsletter_subscribers ns")}
         AND lower(trim(ns.email)) > coalesce((SELECT max(recipient) FROM email_outbox WHERE broadcast_id = b.id), '')
         AND b.id = ?1 AND b.status = 'sending'
       ORDER BY lower(trim(ns.email))
       LIMIT ?4
       RETURNING id`,
    ).bind(broadcastId, BROADCAST_KIND, now, FANOUT_PAGE),
    env.DB.prepare(
      // Done when no audience member lies past the last address written: exact even when a step running beside
      // this one wrote the page first (its rows ignored here), which counting this step's own rows would miss.
      `UPDATE broadcasts SET progress_at = ?2,
         fanout_done_at = CASE WHEN NOT EXISTS (SELECT 1 ${audienceFrom("broadcasts.segment")}
             AND lower(trim(ns.email)) > coalesce((SELECT max(recipient) FROM email_outbox WHERE broadcast_id = broadcasts.id), ''))
           THEN ?2 ELSE fanout_done_at END
       WHERE id = ?1 AND status = 'sending'
       RETURNING fanout_done_at AS done`,
    ).bind(broadcastId, now),
  ]);
  const ids = (written?.results ?? []).map((r) => String(r.id));
  const step = progress?.results[0];
  const done = step ? step.done !== null : true;
  const span = await queueBatches(env, ids);
  // Nothing written but not done: a step beside this one wrote the page, and goes on itself.
  if (!done && ids.length > 0) await queueFanout(env, broadcastId, span);
  return { written: ids.length, done };
}

/** The queue task's handler (DeliverySetup.tasks). */
export async function runFanoutTask(env: Env, body: Readonly<Record<string, unknown>>): Promise<void> {
  if (typeof body.broadcastId === "string") await fanoutStep(env, body.broadcastId);
}

/**
 * The cron's step: scheduled broadcasts whose time has come start (one whose audience is now empty is not sent: it is
 * cancelled with a note, and the admin who made it gets an email, in the same batch); a fan-out with no progress for
 * FANOUT_STALL_MS gets a step queued again; a broadcast whose fan-out is done and whose emails have all left the
 * queue is marked sent.
 */
export async function runBroadcastsCron(env: Env, at: number): Promise<{ started: string[]; empty: string[]; resumed: string[] }> {
  const db = getDb(env);
  const due = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.status, "scheduled"), sql`${broadcasts.scheduledAt} <= ${at}`))
    .orderBy(broadcasts.scheduledAt)
    .limit(DUE_PER_RUN);
  const started: string[] = [];
  const empty: string[] = [];
  const system: Actor = { email: "system:scheduler" };
  for (const { id } of due) {
    const result = await startBroadcast(env, id, system, { from: "scheduled", now: at });
    if (result.status === "started") started.push(id);
    else if (result.status === "empty-audience" && (await cancelEmpty(env, id, at))) empty.push(id);
  }
  const stalled = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(
      and(
        eq(broadcasts.status, "sending"),
        sql`${broadcasts.fanoutDoneAt} IS NULL`,
        sql`${broadcasts.progressAt} < ${at - FANOUT_STALL_MS}`,
      ),
    );
  for (const { id } of stalled) await queueFanout(env, id);
  await db.run(sql`UPDATE broadcasts SET status = 'sent', finished_at = ${at}, updated_at = ${at}
    WHERE status = 'sending' AND fanout_done_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.broadcast_id = broadcasts.id AND o.status IN ('queued', 'held'))`);
  return { started, empty, resumed: stalled.map((s) => s.id) };
}

export const EMPTY_AUDIENCE_NOTE = "Not sent: nobody was in its audience at its scheduled time";

/** A scheduled broadcast with nobody to send to: cancelled with the note, and its maker told, once. */
async function cancelEmpty(env: Env, id: string, at: number): Promise<boolean> {
  const broadcast = await getBroadcast(env, id);
  if (broadcast?.status !== "scheduled") return false;
  const outboxId = `broadcast-not-sent-${id}`;
  const payload = { subject: broadcast.subject, broadcastId: id };
  const [changed] = await env.DB.batch([
    env.DB.prepare(
      "UPDATE broadcasts SET status = 'cancelled', note = ?2, finished_at = ?3, updated_at = ?3 WHERE id = ?1 AND status = 'scheduled'",
    ).bind(id, EMPTY_AUDIENCE_NOTE, at),
    env.DB.prepare(
      `INSERT OR IGNORE INTO email_outbox (id, kind, recipient, subject, payload, status, next_attempt_at, created_at, channel)
       SELECT ?1, ?2, ?3, ?4, ?5, 'queued', ?6, ?6, 'email' WHERE changes() = 1`,
    ).bind(outboxId, broadcastNotSentEmail.kind, broadcast.createdBy, broadcastNotSentEmail.subject(payload), JSON.stringify(payload), at),
  ]);
  if ((changed?.meta.changes ?? 0) === 0) return false;
  await enqueueMessages(env, [{ body: { outboxId } }]);
  return true;
}

/** The broadcasts, newest first (the admin list), optionally of one status. */
export async function listBroadcasts(env: Env, status: BroadcastRow["status"] | null) {
  const db = getDb(env);
  return db
    .select()
    .from(broadcasts)
    .where(status ? eq(broadcasts.status, status) : undefined)
    .orderBy(desc(broadcasts.createdAt))
    .limit(200);
}

export interface BroadcastStats {
  /** The audience's size when sending started. */
  recipients: number;
  /** Rows written so far (the fan-out), and how many of them are sent, waiting, held or failed. */
  written: number;
  sent: number;
  waiting: number;
  held: number;
  failed: number;
  /** Skipped at send time, by reason (the row's `last_error`). */
  skipped: { reason: string; count: number }[];
  /**
   * Unsubscribes it caused: recipients sent this broadcast who unsubscribed after it and before any later broadcast
   * reached them.
   */
  unsubscribes: number;
  /**
   * Clicks per link (through the click redirect), most clicked first: `humans` recipients clicked it themselves,
   * `bots` recipients had it opened by a link scanner (both once per recipient, however often they clicked).
   */
  clicks: { url: string; humans: number; bots: number }[];
}

/** A broadcast's figures, from its outbox rows and its clicks, in one round trip (three statements along their indexes). */
export async function broadcastStats(env: Env, broadcast: Pick<BroadcastRow, "id" | "recipientCount">): Promise<BroadcastStats> {
  const [byStatus, unsubscribed, clicked] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `SELECT status, CASE WHEN status = 'skipped' THEN last_error END AS reason, count(*) AS n
       FROM email_outbox WHERE broadcast_id = ?1 GROUP BY 1, 2`,
    ).bind(broadcast.id),
    env.DB.prepare(
      `SELECT count(*) AS n FROM email_outbox o
       JOIN newsletter_subscribers ns ON lower(trim(ns.email)) = o.recipient
       WHERE o.broadcast_id = ?1 AND o.status = 'sent' AND ns.status = 'unsubscribed' AND ns.unsubscribed_at >= o.sent_at
         AND NOT EXISTS (SELECT 1 FROM email_outbox later
           WHERE later.recipient = o.recipient AND later.broadcast_id IS NOT NULL AND later.broadcast_id != o.broadcast_id
             AND later.status = 'sent' AND later.sent_at > o.sent_at AND later.sent_at <= ns.unsubscribed_at)`,
    ).bind(broadcast.id),
    env.DB.prepare(
      `SELECT url, sum(human_clicks > 0) AS humans, sum(bot_clicks > 0) AS bots
       FROM broadcast_clicks WHERE broadcast_id = ?1 GROUP BY url ORDER BY humans DESC, bots DESC, url`,
    ).bind(broadcast.id),
  ]);
  const rows = (byStatus?.results ?? []) as { status: string; reason: string | null; n: number }[];
  const count = (status: string) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
  return {
    recipients: broadcast.recipientCount ?? 0,
    written: rows.reduce((sum, r) => sum + r.n, 0),
    sent: count("sent"),
    waiting: count("queued"),
    held: count("held"),
    failed: count("failed"),
    skipped: rows.filter((r) => r.status === "skipped").map((r) => ({ reason: r.reason ?? "Not sent", count: r.n })),
    unsubscribes: Number((unsubscribed?.results[0] as { n?: number } | undefined)?.n ?? 0),
    clicks: ((clicked?.results ?? []) as { url: string; humans: number; bots: number }[]).map((c) => ({
      url: c.url,
      humans: Number(c.humans),
      bots: Number(c.bots),
    })),
  };
}
