/**
 * Purging cached pages by tag through Cloudflare's zone API, which reaches every data center (the Cache API's own
 * `delete` reaches only the one it runs in). Tags name what a page shows (`post:<id>`, `list:blog`, `site`…).
 * The queue consumer that calls this, and the local stand-in used where there is no zone, come with the gateway.
 */

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
