/**
 * Purging cached pages by tag through Cloudflare's zone API, which reaches every data center (the Cache API's own
 * `delete` reaches only the one it runs in). Tags name what a page shows (`post:<id>`, `list:blog`, `site`…).
 * Writes enqueue tags (`purgeTags`); the queue's consumer (`handleEdgeBatch`) purges them through the zone API when
 * CF_ZONE_ID is set, else through the local stand-in (an index of tag → cached keys in KV, and the Cache API's
 * `delete`), which is what `wrangler dev`, the end-to-end suite and the integration tests run.
 */
import { loggable } from "./log.server";
import { queueBuffer } from "./queue-buffer.server";

/** Tags per API call: the purge API's documented limit for tag purges on every plan. */
export const PURGE_TAGS_PER_CALL = 30;
/** Cache-Tag values: printable ASCII without spaces or commas, at most 1,024 characters each. */
const TAG = /^[\x21-\x2b\x2d-\x7e]{1,1024}$/;

export const zonePurgeUrl = (zoneId: string) => `https://api.cloudflare.com/client/v4/zones/${zoneId}/purge_cache`;

/** The tags worth sending: valid, lower-cased (tag purges ignore case), each once. */
export function purgeableTags(tags: Iterable<string>): string[] {
  return [...new Set([...tags].map((tag) => tag.trim().toLowerCase()).filter((tag) => TAG.test(tag)))];
}

/** What one purge attempt came to: done, or when to try again (seconds). */
export type PurgeOutcome = { ok: true } | { ok: false; retryAfterSeconds: number; reason: string };

/**
 * Purges `tags` in calls of at most PURGE_TAGS_PER_CALL. A rate limit (429) asks for a retry after the API's
 * Retry-After (at least 15 s); a server error or a network failure after `backoffSeconds`. A purge is idempotent, so
 * a retry of tags already purged costs a call and nothing else.
 */
export async function purgeZoneTags(
  zone: { zoneId: string; token: string },
  tags: readonly string[],
  backoffSeconds: number,
): Promise<PurgeOutcome> {
  for (let start = 0; start < tags.length; start += PURGE_TAGS_PER_CALL) {
    const chunk = tags.slice(start, start + PURGE_TAGS_PER_CALL);
    let response: Response;
    try {
      response = await fetch(zonePurgeUrl(zone.zoneId), {
        method: "POST",
        headers: { Authorization: `Bearer ${zone.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ tags: chunk }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      return { ok: false, retryAfterSeconds: backoffSeconds, reason: `network: ${(error as Error).name}` };
    }
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      return { ok: false, retryAfterSeconds: Math.max(Number.isFinite(retryAfter) ? retryAfter : 0, 15), reason: "rate limited" };
    }
    const answer = (await response.json().catch(() => null)) as { success?: boolean } | null;
    if (!response.ok || answer?.success !== true) {
      return { ok: false, retryAfterSeconds: backoffSeconds, reason: `status ${response.status}` };
    }
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The queue: what writes send, what the consumer does
// ---------------------------------------------------------------------------------------------------------------

/** A purge of tags, or a view of a question page served from the cache (its count is added in the consumer). */
export type EdgeQueueMessage = { kind: "purge"; tags: string[]; at: number } | { kind: "view"; question: string };

export const usesZonePurge = (env: Env) => !!env.CF_ZONE_ID;

/**
 * Asks for `tags` to be purged everywhere: a message on PURGE_QUEUE. When the queue cannot take it, the purge is
 * made at once instead (the freshness bound of five minutes caps what a lost purge leaves stale).
 */
export async function purgeTags(env: Env, tags: Iterable<string>): Promise<void> {
  const list = purgeableTags(tags);
  if (list.length === 0) return;
  // Without a zone there is one cache, this one: purged at once, so a local journey sees the change before the
  // queue's batch is due (the consumer's purge then finds nothing left, which costs nothing).
  if (!usesZonePurge(env)) await purgeLocally(env, list);
  try {
    await env.PURGE_QUEUE.send({ kind: "purge", tags: list, at: Date.now() } satisfies EdgeQueueMessage);
  } catch (error) {
    console.error("Queueing an edge purge failed: purging at once", loggable(error));
    const outcome = await purgeNow(env, list, 5);
    if (!outcome.ok) console.error(`Edge purge failed (${outcome.reason}); the copies expire within five minutes`);
  }
}

/** How long a question view from the cache waits in the isolate for others to go to the queue with it. */
export const QUESTION_VIEW_FLUSH_MS = 500;
const bufferedView = queueBuffer<EdgeQueueMessage>({ flushMs: QUESTION_VIEW_FLUSH_MS, what: "question views" });

/**
 * Counts a view of a question page served from the cache, in the queue's consumer: no D1 write in the hit. The
 * isolate's views of the next QUESTION_VIEW_FLUSH_MS go in one `sendBatch` (as page views do, ADR 0023).
 */
export async function queueView(env: Env, question: string): Promise<void> {
  await bufferedView(env.PURGE_QUEUE, { kind: "view", question });
}

/** Purges through the zone API, or the local stand-in without a zone. */
export async function purgeNow(env: Env, tags: readonly string[], backoffSeconds: number): Promise<PurgeOutcome> {
  if (usesZonePurge(env)) {
    if (!env.CF_PURGE_API_TOKEN) return { ok: false, retryAfterSeconds: backoffSeconds, reason: "CF_PURGE_API_TOKEN is not set" };
    return purgeZoneTags({ zoneId: env.CF_ZONE_ID!, token: env.CF_PURGE_API_TOKEN }, tags, backoffSeconds);
  }
  await purgeLocally(env, tags);
  return { ok: true };
}

/** The delay before the n-th retry of a failed purge: 5, 10, 20… seconds, at most 300. */
export const backoffSeconds = (attempts: number) => Math.min(5 * 2 ** Math.max(attempts - 1, 0), 300);

/**
 * The consumer of PURGE_QUEUE: the batch's purges as one (their tags merged, in calls of 30), then the views, added
 * per question in one D1 batch (`addViews`). A failed purge retries the purge messages with the delay it asks for;
 * views are acked once added (a lost count is a lost view, never a double one on a retry of purges).
 */
export async function handleEdgeBatch(
  batch: MessageBatch<EdgeQueueMessage>,
  env: Env,
  addViews: (env: Env, views: Map<string, number>) => Promise<void>,
): Promise<void> {
  const purges = batch.messages.filter((m) => m.body?.kind === "purge");
  const views = batch.messages.filter((m) => m.body?.kind === "view");
  const others = batch.messages.filter((m) => m.body?.kind !== "purge" && m.body?.kind !== "view");
  for (const message of others) {
    console.error("Edge queue: dropping an unknown message", JSON.stringify(message.body).slice(0, 200));
    message.ack();
  }
  if (views.length > 0) {
    const counts = new Map<string, number>();
    for (const { body } of views) if (body.kind === "view") counts.set(body.question, (counts.get(body.question) ?? 0) + 1);
    try {
      await addViews(env, counts);
      for (const message of views) message.ack();
    } catch (error) {
      console.error("Adding question views failed", loggable(error));
      for (const message of views) message.retry({ delaySeconds: 30 });
    }
  }
  if (purges.length > 0) {
    const tags = purgeableTags(purges.flatMap(({ body }) => (body.kind === "purge" ? body.tags : [])));
    const attempts = Math.max(...purges.map((m) => m.attempts));
    const outcome = await purgeNow(env, tags, backoffSeconds(attempts));
    if (outcome.ok) for (const message of purges) message.ack();
    else {
      console.error(`Edge purge of ${tags.length} tags failed (${outcome.reason}); retrying in ${outcome.retryAfterSeconds} s`);
      for (const message of purges) message.retry({ delaySeconds: outcome.retryAfterSeconds });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The local stand-in: tag → cached keys in KV, deleted from this data center's cache
// ---------------------------------------------------------------------------------------------------------------

const INDEX_PREFIX = "edge-tag:";
/** An index entry outlives the cached copy it names (24 h) by a day; KV wants 60 s at least. */
const INDEX_TTL_SECONDS = 2 * 24 * 60 * 60;
const edgeCache = () => (caches as unknown as { default: Cache }).default;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Records a stored key under each of its tags: one KV key per tag and entry, so no write reads another. */
export async function indexLocally(env: Env, key: string, tags: readonly string[]): Promise<void> {
  const id = await sha256(key);
  await Promise.all(
    purgeableTags(tags).map((tag) => env.CACHE.put(`${INDEX_PREFIX}${tag}:${id}`, key, { expirationTtl: INDEX_TTL_SECONDS })),
  );
}

/** Deletes every cached key recorded under `tags` from this data center's cache, and their index entries. */
export async function purgeLocally(env: Env, tags: readonly string[]): Promise<void> {
  const cache = edgeCache();
  for (const tag of purgeableTags(tags)) {
    let cursor: string | undefined;
    do {
      const page = await env.CACHE.list({ prefix: `${INDEX_PREFIX}${tag}:`, cursor });
      await Promise.all(
        page.keys.map(async ({ name }) => {
          const key = await env.CACHE.get(name);
          if (key) await cache.delete(key);
          await env.CACHE.delete(name);
        }),
      );
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
  }
}

/** The path of the local stand-in's hand purge (development only): POST the tags, one per line. */
export const LOCAL_PURGE_PATH = "/__edge/purge";

/**
 * Purges tags by hand where there is no zone (`wrangler dev`: the end-to-end suite after it writes to D1 itself, the
 * benchmark): only in development, never with CF_ZONE_ID set; undefined for every other request.
 */
export async function localPurgeRequest(request: Request, env: Env): Promise<Response | undefined> {
  if (request.method !== "POST" || new URL(request.url).pathname !== LOCAL_PURGE_PATH) return undefined;
  if (env.ENVIRONMENT !== "development" || usesZonePurge(env)) return undefined;
  const tags = purgeableTags((await request.text()).split(/\s+/));
  await purgeLocally(env, tags);
  return new Response(`purged ${tags.join(" ")}\n`, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
