/** Purging by tag through the zone API (its HTTP answers stubbed: the edge of the world). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { PURGE_TAGS_PER_CALL, purgeableTags, purgeZoneTags, zonePurgeUrl } from "~/lib/edge-purge.server";

const ZONE = { zoneId: "zone123", token: "purge-token" };
const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, ...init });

afterEach(() => vi.restoreAllMocks());

describe("purgeableTags", () => {
  it("keeps each valid tag once, lower-cased", () => {
    expect(purgeableTags(["post:7", "POST:7", " list:blog ", "", "bad tag", "a,b", "site"])).toEqual(["post:7", "list:blog", "site"]);
  });
});

describe("purgeZoneTags", () => {
  it("sends the tags in calls of at most 30, with the token", async () => {
    const calls: { url: string; auth: string | null; tags: string[] }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      calls.push({
        url: request.url,
        auth: request.headers.get("Authorization"),
        tags: (await request.json<{ tags: string[] }>()).tags,
      });
      return json({ success: true });
    });
    const tags = Array.from({ length: 65 }, (_, i) => `post:${i}`);
    expect(await purgeZoneTags(ZONE, tags, 5)).toEqual({ ok: true });
    expect(calls.map((c) => c.tags.length)).toEqual([PURGE_TAGS_PER_CALL, PURGE_TAGS_PER_CALL, 5]);
    expect(calls.every((c) => c.url === zonePurgeUrl("zone123") && c.auth === "Bearer purge-token")).toBe(true);
    expect(calls.flatMap((c) => c.tags)).toEqual(tags);
  });

  it("asks to retry after the API's Retry-After when rate limited, and never sooner than 15 s", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json({ success: false }, { status: 429, headers: { "Retry-After": "20" } }));
    expect(await purgeZoneTags(ZONE, ["site"], 5)).toEqual({ ok: false, retryAfterSeconds: 20, reason: "rate limited" });
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json({ success: false }, { status: 429 }));
    expect(await purgeZoneTags(ZONE, ["site"], 5)).toMatchObject({ ok: false, retryAfterSeconds: 15 });
  });

  it("backs off on a server error, an unsuccessful answer or a network failure", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("oops", { status: 502 }));
    expect(await purgeZoneTags(ZONE, ["site"], 40)).toEqual({ ok: false, retryAfterSeconds: 40, reason: "status 502" });
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json({ success: false, errors: [{ code: 1000 }] }));
    expect(await purgeZoneTags(ZONE, ["site"], 40)).toMatchObject({ ok: false, reason: "status 200" });
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("Network connection lost."));
    expect(await purgeZoneTags(ZONE, ["site"], 40)).toEqual({ ok: false, retryAfterSeconds: 40, reason: "network: TypeError" });
  });
});
