import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toFtsQuery } from "~/features/qa/search";
import * as make from "../factories";
import type { qaCategories } from "~/db/schema";
import { all, envWithFailingBatch, envWithFailingWrites, postForm, purgeRecorder, recordingEnv, request, waitFor } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);

async function insertQuestion(
  fields: Partial<{
    title: string;
    question: string;
    answer: string | null;
    category: (typeof qaCategories)[number];
    status: "pending" | "published";
    featured: boolean;
    views: number;
    createdAt: number;
  }> = {},
) {
  const { id, slug } = await make.qaSubmission.create(env.DB, {
    title: fields.title ?? `A question about apps ${uid()}`,
    question: fields.question ?? "How should a new Shopify app find its first merchants?",
    answer: fields.answer ?? null,
    category: fields.category ?? "general",
    slug: `q-${uid()}`,
    status: fields.status ?? "published",
    isFeatured: fields.featured ?? false,
    viewCount: fields.views ?? 0,
    createdAt: new Date(fields.createdAt ?? Date.now()),
  });
  return { id, slug };
}

const list = async (query: string) => {
  const res = await request(`/questions-and-answers?${query}`);
  expect(res.status).toBe(200);
  return res.text();
};

describe("Q&A search", () => {
  it("turns any input into a safe FTS5 query", () => {
    expect(toFtsQuery("onboard")).toBe('"onboard"*');
    expect(toFtsQuery('"AND* -(x) OR')).toBe('"and"* "x"* "or"*');
    expect(toFtsQuery("  ")).toBeNull();
    expect(toFtsQuery("***")).toBeNull();
    expect(toFtsQuery("Café ÜBER")).toBe('"café"* "über"*');
  });

  it("finds published questions by title, question and answer, with prefixes", async () => {
    const word = `zq${uid()}`;
    const byTitle = await insertQuestion({ title: `Onboarding ${word}title flow` });
    const byQuestion = await insertQuestion({ question: `What about ${word}question handling in reviews?` });
    const byAnswer = await insertQuestion({ answer: `Use ${word}answer tooling.` });
    const pending = await insertQuestion({ title: `Pending ${word}title`, status: "pending" });
    const html = await list(`q=${word}`);
    for (const q of [byTitle, byQuestion, byAnswer]) expect(html).toContain(q.slug);
    expect(html).not.toContain(pending.slug);
    expect(await list(`q=${word}ti`)).toContain(byTitle.slug); // prefix match
  });

  it("survives quotes, stars, operators, dashes and brackets", async () => {
    for (const q of ['"', "*", "AND", "-", "(", 'a" OR (b* -c', "NEAR(", "\u0000"]) {
      const res = await request(`/questions-and-answers?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });
});

describe("Q&A list", () => {
  it("filters by category, sorts by views or featured, and never shows pending questions", async () => {
    const tag = uid();
    const popular = await insertQuestion({ category: "churn-retention", views: 500, title: `Popular churn question ${tag}` });
    const featured = await insertQuestion({ category: "churn-retention", featured: true, title: `Featured churn question ${tag}` });
    const other = await insertQuestion({ category: "technical", title: `Technical question ${tag}` });
    const pending = await insertQuestion({ category: "churn-retention", status: "pending", title: `Pending churn question ${tag}` });

    const churn = await list("category=churn-retention");
    expect(churn).toContain(popular.slug);
    expect(churn).not.toContain(other.slug);
    expect(churn).not.toContain(pending.slug);

    const byViews = await list(`category=churn-retention&sort=popular&q=${tag}`);
    expect(byViews.indexOf(popular.slug)).toBeLessThan(byViews.indexOf(featured.slug));
    const byFeatured = await list(`category=churn-retention&sort=featured&q=${tag}`);
    expect(byFeatured.indexOf(featured.slug)).toBeLessThan(byFeatured.indexOf(popular.slug));
  });

  it("pages 20 at a time and shows an empty state with a link to the form", async () => {
    const word = `pg${uid()}`;
    for (let i = 0; i < 21; i++) await insertQuestion({ title: `Paging ${word} number ${i}`, createdAt: Date.now() + i });
    const first = await list(`q=${word}&sort=recent`);
    expect(first).toContain("21 questions");
    expect(first.match(/<article/g)).toHaveLength(20);
    const second = await list(`q=${word}&sort=recent&page=2`);
    expect(second.match(/<article/g)).toHaveLength(1);
    const none = await list(`q=nothing${uid()}`);
    expect(none).toContain("No questions found");
    expect(none).toContain('href="/questions-and-answers/submit"');
  });

  it("cuts excerpts at 150 and 100 characters", async () => {
    const word = `ex${uid()}`;
    await insertQuestion({ title: `Excerpt ${word}`, question: "q".repeat(300), answer: "a".repeat(300) });
    const html = await list(`q=${word}`);
    expect(html).toContain(`${"q".repeat(150)}…`);
    expect(html).not.toContain("q".repeat(151));
    expect(html).toContain(`${"a".repeat(100)}…`);
  });
});

describe("Q&A question page", () => {
  it("shows the question, its answer or 'Answer Coming Soon', and related questions without itself", async () => {
    const cat = "gtm-strategy";
    const main = await insertQuestion({
      category: cat,
      title: `Main GTM question ${uid()}`,
      answer: "Start with ten merchants you can call.",
    });
    const sibling = await insertQuestion({ category: cat });
    const html = await (await request(`/questions-and-answers/${main.slug}`)).text();
    expect(html).toContain("Start with ten merchants you can call.");
    expect(html).toContain(sibling.slug);
    expect(html.match(new RegExp(`href="/questions-and-answers/${main.slug}"`, "g"))).toBeNull();
    const unanswered = await insertQuestion({});
    expect(await (await request(`/questions-and-answers/${unanswered.slug}`)).text()).toContain("Answer Coming Soon");
  });

  it("counts a view through the queue (stored + 1 shown), but not for bots", async () => {
    const q = await insertQuestion({ views: 41 });
    const html = await (
      await request(`/questions-and-answers/${q.slug}`, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" } })
    ).text();
    expect(html).toContain("42 views");
    // The view is a message on PURGE_QUEUE; its consumer adds it (the page may come from the edge cache: ADR 0020).
    await waitFor(
      async () => (await all<{ view_count: number }>("SELECT view_count FROM qa_submissions WHERE id = ?", q.id))[0]!.view_count === 42,
    );
    const recorder = purgeRecorder();
    await request(
      `/questions-and-answers/${q.slug}`,
      { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } },
      recorder.env,
    );
    expect(recorder.messages).toEqual([]);
    expect(await all("SELECT view_count FROM qa_submissions WHERE id = ?", q.id)).toEqual([{ view_count: 42 }]);
  });

  it("sends unknown and unpublished slugs back to the list", async () => {
    const pending = await insertQuestion({ status: "pending" });
    for (const slug of [pending.slug, `nope-${uid()}`]) {
      const res = await request(`/questions-and-answers/${slug}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/questions-and-answers");
    }
  });
});

describe("asking a question", () => {
  const good = () => ({
    title: `How do I get my first 10 merchants ${uid()}?`,
    category: "gtm-strategy",
    question: "We launched last month and have two installs. Where should we start?",
    submitterName: "Ada",
    submitterEmail: "ADA@example.com",
    redirectTo: "/questions-and-answers/submit",
  });

  it("stores it as pending with a slug, queues the alert, and thanks the visitor", async () => {
    const rec = recordingEnv();
    const fields = good();
    const res = await postForm("/questions-and-answers/submit", fields, { testEnv: rec.env });
    expect(res.status).toBe(302);
    const [row] = await all<{ id: string; slug: string; status: string; submitter_email: string }>(
      "SELECT id, slug, status, submitter_email FROM qa_submissions WHERE title = ?",
      fields.title,
    );
    expect(row).toMatchObject({ status: "pending", submitter_email: "ada@example.com" });
    expect(row!.slug).toMatch(/^how-do-i-get-my-first-10-merchants-[a-z0-9]+$/);
    const alerts = await all<{ id: string; recipient: string }>(
      "SELECT id, recipient FROM email_outbox WHERE kind = 'qa-alert' AND json_extract(payload, '$.submissionId') = ?",
      row!.id,
    );
    expect(alerts).toEqual([{ id: expect.any(String), recipient: env.NOTIFY_TO }]);
    expect(rec.messages).toEqual([{ outboxId: alerts[0]!.id }]);
  });

  it("gives a second question with the same title a different slug", async () => {
    const fields = good();
    await postForm("/questions-and-answers/submit", fields);
    await postForm("/questions-and-answers/submit", fields);
    const slugs = (await all<{ slug: string }>("SELECT slug FROM qa_submissions WHERE title = ? ORDER BY created_at", fields.title)).map(
      (r) => r.slug,
    );
    expect(slugs).toHaveLength(2);
    expect(new Set(slugs).size).toBe(2);
    expect(slugs[1]).toBe(`${slugs[0]}-2`);
  });

  it("numbers the slugs of long titles too (D1 refuses LIKE patterns over 50 bytes)", async () => {
    const fields = { ...good(), title: `How should we price a bundle app for fashion stores with ${uid()} variants and many markets?` };
    for (let i = 0; i < 3; i++) expect((await postForm("/questions-and-answers/submit", fields)).status).toBe(302);
    const slugs = (await all<{ slug: string }>("SELECT slug FROM qa_submissions WHERE title = ? ORDER BY created_at", fields.title)).map(
      (r) => r.slug,
    );
    expect(slugs[0]!.length).toBeGreaterThan(50);
    expect(slugs).toEqual([slugs[0], `${slugs[0]}-2`, `${slugs[0]}-3`]);
  });

  it("answers bad input with every message at once, and stores nothing", async () => {
    const title = `short ${uid()}`.slice(0, 8);
    const res = await postForm("/questions-and-answers/submit", {
      title,
      question: "too short",
      category: "",
      submitterName: "A",
      submitterEmail: "nope",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const m of [
      "Title must be at least 10 characters",
      "Question must be at least 20 characters",
      "Please select a category",
      "Name must be at least 2 characters",
      "Invalid email address",
    ]) {
      expect(html).toContain(m);
    }
    const long = await postForm("/questions-and-answers/submit", {
      ...good(),
      title: "t".repeat(201),
      question: "q".repeat(2001),
      submitterName: "n".repeat(101),
      submitterEmail: `${"e".repeat(251)}@x.io`,
    });
    const longHtml = await long.text();
    for (const m of [
      "Title must be less than 200 characters",
      "Question must be less than 2000 characters",
      "Name must be less than 100 characters",
      "Email must be less than 255 characters",
    ]) {
      expect(longHtml).toContain(m);
    }
    expect(await all("SELECT id FROM qa_submissions WHERE title = ?", title)).toEqual([]);
  });
});

describe("admin Q&A", () => {
  const SAME = { Origin: "http://localhost:8787" };
  /** What the edit form carries for the stale-save check: the stored updated_at. */
  const updatedAt = async (id: string) =>
    String((await all<{ updated_at: number }>("SELECT updated_at FROM qa_submissions WHERE id = ?", id))[0]!.updated_at);
  const EDIT = {
    title: "How do I pass the App Store review?",
    question: "What do reviewers check before approving a new app?",
    category: "app-approval",
  };

  it("edits, publishes, answers, unpublishes and deletes a question", async () => {
    const { signedInAdmin, get } = await import("./admin-helpers");
    const admin = await signedInAdmin();
    const q = await insertQuestion({ status: "pending", title: `Admin flow question ${uid()}` });

    const page = await (await get(`/admin/dashboard/qa/${q.id}`, admin.cookie)).text();
    expect(page).toContain("Edit question");

    const publish = await postForm(
      `/admin/dashboard/qa/${q.id}`,
      { ...EDIT, answer: "A working install and billing flow.", status: "published", isFeatured: "on", _updatedAt: await updatedAt(q.id) },
      { cookie: admin.cookie, headers: SAME },
    );
    expect(publish.status).toBe(302);
    expect(publish.headers.get("Location")).toBe("/admin/dashboard/qa?status=published");
    expect(await all("SELECT title, answer, status, is_featured FROM qa_submissions WHERE id = ?", q.id)).toEqual([
      { title: "How do I pass the App Store review?", answer: "A working install and billing flow.", status: "published", is_featured: 1 },
    ]);
    const toast = await get(
      "/admin/dashboard/qa?status=published",
      publish.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ") +
        "; " +
        admin.cookie,
    );
    expect(await toast.text()).toContain("Question updated successfully");
    // Public now, and found by the new words of its answer.
    expect(await list("q=billing")).toContain(q.slug);
    const sitemap = await (await request("/sitemap.xml")).text();
    expect(sitemap).toContain(`/questions-and-answers/${q.slug}</loc>`);

    const bad = await postForm(
      `/admin/dashboard/qa/${q.id}`,
      { title: "short", question: "short", category: "x", status: "nope", _updatedAt: await updatedAt(q.id) },
      { cookie: admin.cookie, headers: SAME },
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Title must be at least 10 characters");

    const unpublish = await postForm(
      `/admin/dashboard/qa/${q.id}`,
      { ...EDIT, answer: "", status: "pending", _updatedAt: await updatedAt(q.id) },
      { cookie: admin.cookie, headers: SAME },
    );
    expect(unpublish.status).toBe(302);
    expect(await all("SELECT status, answer, is_featured FROM qa_submissions WHERE id = ?", q.id)).toEqual([
      { status: "pending", answer: null, is_featured: 0 },
    ]);
    expect(await list("q=reviewers")).not.toContain(q.slug);

    const confirm = await (await get(`/admin/dashboard/qa/${q.id}/delete`, admin.cookie)).text();
    expect(confirm).toContain("Delete this question?");
    expect(confirm).not.toContain('value="save"'); // the confirmation page itself, not the edit form
    const del = await postForm(`/admin/dashboard/qa/${q.id}/delete`, { intent: "delete" }, { cookie: admin.cookie, headers: SAME });
    expect(del.status).toBe(302);
    expect(await all("SELECT id FROM qa_submissions WHERE id = ?", q.id)).toEqual([]);
    expect(await list("q=reviewers")).not.toContain(q.slug);
  });

  it("refuses the second of two admins editing one question (409) and keeps what they typed", async () => {
    const { signedInAdmin, get } = await import("./admin-helpers");
    const [ada, bob] = [await signedInAdmin(), await signedInAdmin()];
    const q = await insertQuestion({ status: "pending" });
    // Both open the question: each form carries the version it was opened on.
    const opened = async (cookie: string) =>
      /name="_updatedAt" value="(\d+)"/.exec(await (await get(`/admin/dashboard/qa/${q.id}`, cookie)).text())![1]!;
    const [adaVersion, bobVersion] = [await opened(ada.cookie), await opened(bob.cookie)];
    expect(adaVersion).toBe(bobVersion);

    const first = await postForm(
      `/admin/dashboard/qa/${q.id}`,
      { ...EDIT, answer: "Ada's answer.", status: "published", _updatedAt: adaVersion },
      { cookie: ada.cookie, headers: SAME },
    );
    expect(first.status).toBe(302);
    const second = await postForm(
      `/admin/dashboard/qa/${q.id}`,
      { ...EDIT, answer: "Bob's longer answer, typed at the same time.", status: "pending", _updatedAt: bobVersion },
      { cookie: bob.cookie, headers: SAME },
    );
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(html).toContain("This question was changed by someone else after you opened it.");
    expect(html).toContain("Bob&#x27;s longer answer, typed at the same time.");
    expect(await all("SELECT answer, status FROM qa_submissions WHERE id = ?", q.id)).toEqual([
      { answer: "Ada's answer.", status: "published" },
    ]);
  });

  it("refuses an oversized edit with 413 and saves nothing", async () => {
    const { signedInAdmin } = await import("./admin-helpers");
    const admin = await signedInAdmin();
    const q = await insertQuestion({ status: "pending" });
    const res = await postForm(
      `/admin/dashboard/qa/${q.id}`,
      { ...EDIT, answer: "x".repeat(600 * 1024), status: "published", _updatedAt: await updatedAt(q.id) },
      { cookie: admin.cookie, headers: SAME },
    );
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("That is more than a record may hold (512 KB).");
    expect(await all("SELECT status, answer FROM qa_submissions WHERE id = ?", q.id)).toEqual([{ status: "pending", answer: null }]);
  });

  it("answers 503 with 'Failed to update question' when the save fails, keeping the typed text", async () => {
    const { signedInAdmin } = await import("./admin-helpers");
    const admin = await signedInAdmin();
    const q = await insertQuestion({ status: "pending" });
    const res = await postForm(
      `/admin/dashboard/qa/${q.id}`,
      { ...EDIT, answer: "An answer that could not be stored.", status: "published", _updatedAt: await updatedAt(q.id) },
      { cookie: admin.cookie, headers: SAME, testEnv: envWithFailingWrites() },
    );
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("Failed to update question");
    expect(html).toContain("An answer that could not be stored.");
    expect(await all("SELECT status FROM qa_submissions WHERE id = ?", q.id)).toEqual([{ status: "pending" }]);
  });

  it("answers 503 with 'Failed to fetch submissions' inside the tab when the list cannot be read", async () => {
    const { signedInAdmin } = await import("./admin-helpers");
    const admin = await signedInAdmin();
    const res = await request("/admin/dashboard/qa", { headers: { Cookie: admin.cookie } }, envWithFailingBatch());
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("Failed to fetch submissions");
    expect(html).toContain(">Q&amp;A submissions</h2>");
  });

  it("searches within the status filter, counts within the search, pages 25 at a time, and has no 'New'", async () => {
    const { signedInAdmin, get } = await import("./admin-helpers");
    const admin = await signedInAdmin();
    const tag = `zq${uid()}`;
    for (let i = 0; i < 27; i++) await insertQuestion({ status: "pending", title: `Searchable ${tag} pending ${i}` });
    await insertQuestion({ status: "published", title: `Searchable ${tag} published` });
    const editLinks = /href="\/admin\/dashboard\/qa\/[0-9a-f-]{36}"/g;
    const first = await (await get(`/admin/dashboard/qa?q=${tag}`, admin.cookie)).text();
    expect(first).toContain("Pending (27)");
    expect(first).toContain("Published (1)");
    expect(first).toContain("All (28)");
    expect(first).toContain("Page 1 of 2");
    // The title links to the edit page, and so does Edit: two links a row.
    expect(first.match(editLinks)).toHaveLength(50);
    expect(first).not.toContain(`${tag} published`);
    const second = await (await get(`/admin/dashboard/qa?q=${tag}&status=pending&page=2`, admin.cookie)).text();
    expect(second.match(editLinks)).toHaveLength(4);
    const everything = await (await get(`/admin/dashboard/qa?q=${tag}&status=all`, admin.cookie)).text();
    expect(everything).toContain(`${tag} published`);
    expect(first).not.toContain("New question");
    expect((await get("/admin/dashboard/qa/new", admin.cookie)).status).toBe(404);
  });

  it("refuses anonymous edits and deletes", async () => {
    const q = await insertQuestion({ status: "pending" });
    for (const path of [`/admin/dashboard/qa/${q.id}`, `/admin/dashboard/qa/${q.id}/delete`]) {
      const res = await postForm(path, { title: "x", status: "published" }, { headers: SAME });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/login");
    }
    expect(await all("SELECT status FROM qa_submissions WHERE id = ?", q.id)).toEqual([{ status: "pending" }]);
  });
});
