/** What the dashboard shows: the seven counts and each tab's list. */
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { blogs, contentBlocks, guides, keywords, leads, pages, qaSubmissions } from "~/db/schema";
import { getDb } from "~/lib/db.server";

export interface DashboardCounts {
  pages: number;
  guides: number;
  contentBlocks: number;
  qa: number;
  blogs: number;
  keywords: number;
  leads: number;
}

/** The seven counts, read in one D1 batch. */
export async function dashboardCounts(env: Env): Promise<DashboardCounts> {
  const db = getDb(env);
  const n = { n: count() };
  const results = await db.batch([
    db.select(n).from(pages),
    db.select(n).from(guides),
    db.select(n).from(contentBlocks),
    db.select(n).from(qaSubmissions),
    db.select(n).from(blogs),
    db.select(n).from(keywords),
    db.select(n).from(leads),
  ]);
  const [p, g, c, q, b, k, l] = results.map((r) => r[0]?.n ?? 0);
  return { pages: p!, guides: g!, contentBlocks: c!, qa: q!, blogs: b!, keywords: k!, leads: l! };
}

const LIST_LIMIT = 200;

export type QaFilter = "pending" | "published" | "all";
export function parseQaFilter(value: string | null): QaFilter {
  return value === "published" || value === "all" ? value : "pending";
}

/** The Q&A tab opens on Pending, with counts for Pending, Published and All. */
export async function listQa(env: Env, filter: QaFilter) {
  const db = getDb(env);
  const [rows, counts] = await db.batch([
    db
      .select({
        id: qaSubmissions.id,
        title: qaSubmissions.title,
        category: qaSubmissions.category,
        status: qaSubmissions.status,
        isFeatured: qaSubmissions.isFeatured,
        createdAt: qaSubmissions.createdAt,
      })
      .from(qaSubmissions)
      .where(filter === "all" ? undefined : eq(qaSubmissions.status, filter))
      .orderBy(desc(qaSubmissions.createdAt))
      .limit(LIST_LIMIT),
    db.select({ status: qaSubmissions.status, n: count() }).from(qaSubmissions).groupBy(qaSubmissions.status),
  ]);
  const pending = counts.find((c) => c.status === "pending")?.n ?? 0;
  const published = counts.find((c) => c.status === "published")?.n ?? 0;
  return { rows, counts: { pending, published, all: pending + published } };
}

