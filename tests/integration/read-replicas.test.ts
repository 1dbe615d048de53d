/**
 * D1 read replicas through the Sessions API: after a write, the visitor's or
 * admin's next reads start from the write's bookmark (a short-lived signed
 * cookie), so they see what they wrote; a forged or stale bookmark is
 * ignored safely; admin pages read from the primary.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { readsFromPrimary } from "~/lib/d1-session.server";
import { siteCookie } from "~/lib/cookies.server";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { cookieFrom, freshIp, postForm } from "./helpers";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});
const uid = () => crypto.randomUUID().slice(0, 8);
const bookmarkCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("__d1_bookmark="));

describe("read your own writes", () => {
  it("a visitor who submits a question gets a short-lived bookmark, sees the toast, and the next page renders", async () => {
    const title = `Do replicas see my question ${uid()}?`;
    const res = await postForm(
      "/questions-and-answers/submit",
      { title, question: "Asked right before the redirect: is the next read consistent?", category: "technical" },
      { ip: freshIp() },
    );
    expect(res.status).toBe(302);
    const bookmark = bookmarkCookie(res);
    expect(bookmark).toBeDefined();
    expect(bookmark).toMatch(/Max-Age=60;/);
    expect(bookmark).toMatch(/HttpOnly/);
    expect(bookmark).toMatch(/SameSite=Lax/);
    const next = await get(res.headers.get("Location")!, `${cookieFrom(res, "__toast")}; ${cookieFrom(res, "__d1_bookmark")}`);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Question submitted successfully!");
    expect(bookmarkCookie(next)).toBeUndefined(); // reads do not move it
    const stored = await env.DB.prepare("SELECT status FROM qa_submissions WHERE title = ?").bind(title).first();
    expect(stored).toEqual({ status: "pending" });
  });

  it("an admin who saves a record sees it in the list at once", async () => {
    const title = `Replica page ${uid()}`;
    const saved = await postForm(
      "/admin/dashboard/pages/new",
      {
        title,
        slug: `replica-${uid()}`,
        content: JSON.stringify([{ type: "paragraph", text: "Fresh" }]),
        isPublished: "on",
        intent: "save",
      },
      { cookie: admin.cookie, headers: SAME_ORIGIN },
    );
    expect(saved.status).toBe(302);
    expect(bookmarkCookie(saved)).toBeDefined();
    const list = await get(
      saved.headers.get("Location")!,
      `${admin.cookie}; ${cookieFrom(saved, "__toast")}; ${cookieFrom(saved, "__d1_bookmark")}`,
    );
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Page created successfully");
    expect(html).toContain(title);
  });

  it("reads from the primary on admin pages, from any replica elsewhere", () => {
    for (const path of ["/admin", "/admin/dashboard/qa", "/admin/leads.csv", "/warm-leads", "/warm-leads.csv"])
      expect(readsFromPrimary(path), path).toBe(true);
    for (const path of ["/", "/blog", "/administrators-guide", "/warm-leads-explained", "/questions-and-answers"])
      expect(readsFromPrimary(path), path).toBe(false);
  });
});

describe("a bookmark cookie the site did not write, or an old one", () => {
  it("ignores and clears a forged bookmark; the page renders as without it", async () => {
    for (const forged of ["00000001-00000002-00004e7b-deadbeef", "not-a-bookmark", "%E0%A4%A"]) {
      const res = await get("/questions-and-answers", `__d1_bookmark=${forged}`);
      expect(res.status, forged).toBe(200);
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith("__d1_bookmark=;")),
        forged,
      ).toBe(true);
    }
  });

  it("ignores a signed value that is no bookmark, and reads on from an old bookmark", async () => {
    const signed = async (value: string) => (await (await siteCookie(env, "d1Bookmark")).serialize(value)).split(";")[0]!;
    const garbage = await get("/blog", await signed("'; DROP TABLE blogs; --"));
    expect(garbage.status).toBe(200);
    // A bookmark from before any write of this test: every replica has passed it.
    const old = env.DB.withSession("first-primary");
    await old.prepare("SELECT 1").first();
    const stale = old.getBookmark();
    expect(stale).not.toBeNull();
    const res = await get("/blog", await signed(stale!));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Blog");
  });
});
