/** The dashboard's seven counts (each tab reads its own list). */
import { count } from "drizzle-orm";
import { blogs, contentBlocks, guides, keywords, leads, pages, qaSubmissions } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import type { InsightPeriod } from "./insights";
import { homeInsights } from "./insights.server";

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

/**
 * The home's summary: the counts (one batch) and, over the chosen period, the
 * leads chart, the onboarding funnel and the outcomes per form (another
 * batch), read together. Either can fail alone: the home still loads and shows
 * a dash.
 */
export async function dashboardSummary(env: Env, days: InsightPeriod) {
  const orNull = <T>(what: string, read: Promise<T>) =>
    read.catch((error: unknown) => {
      console.error(`Reading the dashboard ${what} failed`, error);
      return null;
    });
  const [counts, insights] = await Promise.all([orNull("counts", dashboardCounts(env)), orNull("insights", homeInsights(env.DB, days))]);
  return { counts, insights };
}
