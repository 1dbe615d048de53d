/**
 * The Insights report (ADR 0023): one D1 batch of aggregates over the rollups' day totals (visitors and views), the
 * submissions' day totals (`insight_submission_totals`, for the days the cron has rolled, and the submissions
 * themselves after them) and the people of the period (source to customer). Each rollup query reads one range of a
 * key (a scope, then day): a row per day and page, source, campaign or form, never the fine rows; the live
 * submissions and the people by covering indexes that lead with their time.
 */
import { AUDIT_ACTIONS, auditStatement, type Actor } from "~/lib/audit.server";
import { csvResponse } from "~/lib/csv";
import { personForms } from "~/lib/people";
import { CHANNEL_OF, LIVE_FROM, PAGE_OF_FORM, ROLLED_THROUGH, SOURCE_OF } from "./submissions.server";
import { FORM_PAGES, POPUP_PATHS, ROLLUP_SCOPES, SITE_PATH, SUBMISSION_SCOPES, type RollupScope } from "./views";
import {
  asChannel,
  channelLabel,
  conversion,
  DAY,
  INSIGHTS_TABLES,
  leadsLink,
  periodBounds,
  previousPeriod,
  type CustomerRow,
  type FormRow,
  type InsightsReport,
  type InsightsTable,
  type Period,
  type TopRow,
  type Totals,
} from "./insights";

/** Rows of each top list. */
export const TOP_ROWS = 20;
/** Rows of source to customer. */
const CUSTOMER_ROWS = 50;

type Num = number | null;
type Row = Record<string, string | number | null>;

const FORM_PATHS = [...new Set(Object.values(FORM_PAGES).filter((p) => p !== SITE_PATH))];

/**
 * The period's submissions per key: the rolled days' totals of `scope` (days ?1 to ?2, up to the last rolled), and
 * the submissions after the rolled days (?3 to ?4, in ms), grouped alike. `keys`: the totals' columns and the same
 * values from a submission, in pairs.
 */
function submissionsBy(db: D1Database, scope: string, keys: [rolled: string, live: string][], liveWhere = "") {
  const names = keys.map((_, i) => `k${i}`);
  return db.prepare(
    `SELECT ${names.join(", ")}, sum(n) AS n FROM (
       SELECT ${keys.map(([rolled], i) => `${rolled} AS ${names[i]}`).join(", ")}, submissions AS n FROM insight_submission_totals
       WHERE scope = '${scope}' AND day BETWEEN ?1 AND ?2 AND day <= ${ROLLED_THROUGH}
       UNION ALL
       SELECT ${keys.map(([, live], i) => `${live} AS ${names[i]}`).join(", ")}, count(*) AS n FROM person_submissions
       WHERE created_at >= max(?3, ${LIVE_FROM}) AND created_at < ?4 ${liveWhere} GROUP BY ${names.map((_, i) => i + 1).join(", ")}
     ) GROUP BY ${names.join(", ")}`,
  );
}

export async function insightsReport(db: D1Database, period: Period): Promise<InsightsReport> {
  const previous = previousPeriod(period);
  const now = periodBounds(period);
  const before = periodBounds(previous);
  // The day's totals (ROLLUP_SCOPES' `day:` scopes): a row per day, and per page, source or campaign.
  const dayTotals = (scope: RollupScope, select: string, rest = "") =>
    db.prepare(`SELECT ${select} FROM insight_rollups WHERE scope = '${scope}' AND day BETWEEN ?1 AND ?2 ${rest}`);
  const inPeriod = [period.from, period.to, now.start, now.end] as const;
  const formPaths = FORM_PATHS.map((_, i) => `?${i + 5}`).join(", ");

  const [days, prevTotals, subTotals, pages, sources, sourceSubs, campaigns, campaignSubs, formSubs, customers] = await db.batch<Row>([
    dayTotals(ROLLUP_SCOPES.siteDay, "day, views, visitors", "ORDER BY day").bind(period.from, period.to),
    dayTotals(ROLLUP_SCOPES.siteDay, "sum(views) AS views, sum(visitors) AS visitors").bind(previous.from, previous.to),
    // The submissions of both periods: the rolled days' totals, then the submissions after them.
    db
      .prepare(
        `SELECT coalesce(sum(n), 0) AS n, coalesce(sum(current * n), 0) AS current FROM (
           SELECT day >= ?5 AS current, submissions AS n FROM insight_submission_totals
           WHERE scope = '${SUBMISSION_SCOPES.day}' AND day BETWEEN ?1 AND ?2 AND day <= ${ROLLED_THROUGH}
           UNION ALL
           SELECT created_at >= ?6 AS current, 1 AS n FROM person_submissions WHERE created_at >= max(?3, ${LIVE_FROM}) AND created_at < ?4
         )`,
      )
      .bind(previous.from, period.to, before.start, now.end, period.from, now.start),
    // Every page's views in one pass, of which the top pages and the forms' pages are kept, each with its
    // submissions: a range of the page index of the totals per path, and the live ones grouped once.
    db
      .prepare(
        `WITH paths AS (
           SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM insight_rollups
           WHERE scope = '${ROLLUP_SCOPES.pageDay}' AND day BETWEEN ?1 AND ?2 GROUP BY path
         ), ranked AS (
           SELECT path, views, visitors,
             substr(path, 1, 1) = '/' AND row_number() OVER (PARTITION BY substr(path, 1, 1) = '/' ORDER BY visitors DESC, path) <= ${TOP_ROWS} AS top
           FROM paths
         ), live AS MATERIALIZED (
           SELECT ${PAGE_OF_FORM} AS path, count(*) AS n FROM person_submissions
           WHERE created_at >= max(?3, ${LIVE_FROM}) AND created_at < ?4 AND form_page IS NOT NULL GROUP BY 1
         )
         SELECT r.path, r.views, r.visitors, r.top,
           coalesce((SELECT sum(t.submissions) FROM insight_submission_totals t
                     WHERE t.scope = '${SUBMISSION_SCOPES.page}' AND t.path = r.path AND t.day BETWEEN ?1 AND ?2 AND t.day <= ${ROLLED_THROUGH}), 0)
             + coalesce((SELECT n FROM live WHERE live.path = r.path), 0) AS submissions
         FROM ranked r WHERE r.top OR r.path IN (${formPaths})
         ORDER BY r.top DESC, r.visitors DESC, r.path`,
      )
      .bind(...inPeriod, ...FORM_PATHS),
    dayTotals(
      ROLLUP_SCOPES.sourceDay,
      "channel, source, sum(views) AS views, sum(visitors) AS visitors",
      `GROUP BY channel, source ORDER BY visitors DESC, channel, source LIMIT ${TOP_ROWS}`,
    ).bind(period.from, period.to),
    submissionsBy(db, SUBMISSION_SCOPES.source, [
      ["channel", CHANNEL_OF],
      ["source", SOURCE_OF],
    ]).bind(...inPeriod),
    dayTotals(
      ROLLUP_SCOPES.campaignDay,
      "campaign, sum(views) AS views, sum(visitors) AS visitors",
      `GROUP BY campaign ORDER BY visitors DESC, campaign LIMIT ${TOP_ROWS}`,
    ).bind(period.from, period.to),
    submissionsBy(db, SUBMISSION_SCOPES.campaign, [["campaign", "utm_campaign"]], "AND utm_campaign IS NOT NULL").bind(...inPeriod),
    submissionsBy(db, SUBMISSION_SCOPES.form, [["form", "form"]]).bind(...inPeriod),
    // Source to customer: people by first source, with their status now (it changes, so it is never rolled).
    db
      .prepare(
        `SELECT coalesce(first_channel, '') AS channel, coalesce(first_utm_campaign, '') AS campaign, count(*) AS people,
           sum(status = 'qualified') AS qualified, sum(status = 'customer') AS customer, sum(status = 'lost') AS lost
         FROM people WHERE created_at >= ?1 AND created_at < ?2 GROUP BY 1, 2 ORDER BY people DESC, 1, 2 LIMIT ${CUSTOMER_ROWS}`,
      )
      .bind(now.start, now.end),
  ]);
  const rows = <T>(result: D1Result<Row> | undefined) => (result?.results ?? []) as T[];
  const count = (value: Num | undefined) => Number(value ?? 0);

  const dayRows = rows<{ day: string; views: number; visitors: number }>(days);
  const totals: Totals = {
    views: dayRows.reduce((n, d) => n + d.views, 0),
    visitors: dayRows.reduce((n, d) => n + d.visitors, 0),
    submissions: count(rows<{ current: Num }>(subTotals)[0]?.current),
  };
  const prev = rows<{ views: Num; visitors: Num }>(prevTotals)[0];
  const subTotal = rows<{ n: Num; current: Num }>(subTotals)[0];
  const previousTotals: Totals = {
    views: count(prev?.views),
    visitors: count(prev?.visitors),
    submissions: count(subTotal?.n) - count(subTotal?.current),
  };

  const byKey = <R extends { n: number }>(list: R[], key: (r: R) => string) => {
    const map = new Map<string, number>();
    for (const r of list) map.set(key(r), (map.get(key(r)) ?? 0) + r.n);
    return map;
  };
  const sourceSubmissions = byKey(rows<{ k0: string; k1: string; n: number }>(sourceSubs), (r) => `${r.k0}\n${r.k1}`);
  const campaignSubmissions = byKey(rows<{ k0: string; n: number }>(campaignSubs), (r) => r.k0);
  const formSubmissions = byKey(rows<{ k0: string; n: number }>(formSubs), (r) => r.k0);
  const pageRows = rows<{ path: string; views: number; visitors: number; top: number; submissions: number }>(pages);
  const formPageViews = new Map(pageRows.map((r) => [r.path, r]));

  const daysByDate = new Map(dayRows.map((d) => [d.day, d]));
  const allDays: InsightsReport["days"] = [];
  for (let ms = periodBounds(period).start; ms < now.end; ms += DAY) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const d = daysByDate.get(date);
    allDays.push({ date, views: d?.views ?? 0, visitors: d?.visitors ?? 0 });
  }

  const pagesTop: TopRow[] = pageRows
    .filter((r) => r.top)
    .map((r) => ({ key: r.path, label: r.path, views: r.views, visitors: r.visitors, submissions: r.submissions }));
  const sourcesTop: TopRow[] = rows<{ channel: string; source: string; views: number; visitors: number }>(sources).map((r) => {
    const channel = asChannel(r.channel);
    return {
      key: `${r.channel}\n${r.source}`,
      label: r.source ? `${channelLabel(r.channel)}: ${r.source}` : channelLabel(r.channel),
      views: r.views,
      visitors: r.visitors,
      submissions: sourceSubmissions.get(`${r.channel}\n${r.source}`) ?? 0,
      ...(channel ? { channel, leads: leadsLink({ channel }) } : {}),
    };
  });
  const campaignsTop: TopRow[] = rows<{ campaign: string; views: number; visitors: number }>(campaigns).map((r) => ({
    key: r.campaign,
    label: r.campaign,
    views: r.views,
    visitors: r.visitors,
    submissions: campaignSubmissions.get(r.campaign) ?? 0,
    leads: leadsLink({ campaign: r.campaign }),
  }));
  const forms: FormRow[] = personForms.map(({ value, label }) => {
    const path = FORM_PAGES[value];
    const seen = path === SITE_PATH ? totals : formPageViews.get(path);
    return {
      form: value,
      label,
      pages: path === SITE_PATH ? "Every page" : path === POPUP_PATHS.leadMagnet ? "The popup, when shown" : path,
      views: seen?.views ?? 0,
      visitors: seen?.visitors ?? 0,
      submissions: formSubmissions.get(value) ?? 0,
    };
  });
  const customerRows: CustomerRow[] = rows<Omit<CustomerRow, "key">>(customers).map((r) => ({
    ...r,
    key: `${r.channel}\n${r.campaign}`,
    qualified: count(r.qualified),
    customer: count(r.customer),
    lost: count(r.lost),
  }));
  return {
    period,
    previous,
    totals,
    previousTotals,
    days: allDays,
    pages: pagesTop,
    sources: sourcesTop,
    campaigns: campaignsTop,
    forms,
    customers: customerRows,
  };
}

/** One table of the report as CSV rows: its header and its rows. */
export function insightsTable(report: InsightsReport, table: InsightsTable): { fields: string[]; rows: unknown[][] } {
  const pct = (submissions: number, visitors: number) => conversion(submissions, visitors) ?? "";
  const top = (first: string, list: InsightsReport["pages"]) => ({
    fields: [first, "Visitors", "Page views", "Submissions", "Conversion rate (%)"],
    rows: list.map((r) => [r.label, r.visitors, r.views, r.submissions, pct(r.submissions, r.visitors)]),
  });
  switch (table) {
    case "days":
      return { fields: ["Date", "Visitors", "Page views"], rows: report.days.map((d) => [d.date, d.visitors, d.views]) };
    case "pages":
      return top("Page", report.pages);
    case "sources":
      return top("Source", report.sources);
    case "campaigns":
      return top("Campaign", report.campaigns);
    case "forms":
      return {
        fields: ["Form", "Shown on", "Visitors", "Views", "Submissions", "Conversion rate (%)"],
        rows: report.forms.map((r) => [r.label, r.pages, r.visitors, r.views, r.submissions, pct(r.submissions, r.visitors)]),
      };
    case "customers":
      return {
        fields: ["First source", "Campaign", "People", "Qualified", "Customer", "Lost"],
        rows: report.customers.map((r) => [channelLabel(r.channel), r.campaign, r.people, r.qualified, r.customer, r.lost]),
      };
  }
}

/**
 * A table of the report for the period as a CSV download, through the one writer; the export is an audit entry.
 * Null for a table that does not exist.
 */
export async function exportInsightsCsv(db: D1Database, period: Period, table: string | null, actor: Actor): Promise<Response | null> {
  if (!INSIGHTS_TABLES.includes(table as InsightsTable)) return null;
  const { fields, rows } = insightsTable(await insightsReport(db, period), table as InsightsTable);
  await auditStatement(db, {
    action: AUDIT_ACTIONS.exportInsights,
    actor,
    resource: "insights",
    detail: { table, from: period.from, to: period.to },
  }).run();
  return csvResponse(`insights-${table}-${period.from}-${period.to}.csv`, fields, [rows]);
}
