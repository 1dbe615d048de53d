/**
 * The Insights report (ADR 0023): one D1 batch of aggregates over the rollups' day totals (visitors and views) and
 * the submissions and people of the period (conversion, source to customer). Each rollup query reads one range of the
 * rollups' key (a `day:` scope, then day): a row per day and page, source or campaign, never the fine rows; the
 * submissions and people by covering indexes that lead with their time.
 */
import { AUDIT_ACTIONS, auditStatement, type Actor } from "~/lib/audit.server";
import { csvResponse } from "~/lib/csv";
import { personForms } from "~/lib/people";
import { FORM_PAGES, POPUP_PATHS, ROLLUP_SCOPES, SITE_PATH, type RollupScope } from "./views";
import {
  asChannel,
  channelLabel,
  conversion,
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

type Num = number | null;

/** A stored form page (path and query) as its path. */
const PAGE_OF_FORM = `CASE WHEN instr(form_page, '?') > 0 THEN substr(form_page, 1, instr(form_page, '?') - 1) ELSE form_page END`;
const IN_PERIOD = "created_at >= ?1 AND created_at < ?2";

const FORM_PATHS = [...new Set(Object.values(FORM_PAGES).filter((p) => p !== SITE_PATH))];

export async function insightsReport(db: D1Database, period: Period): Promise<InsightsReport> {
  const previous = previousPeriod(period);
  const now = periodBounds(period);
  const before = periodBounds(previous);
  // The day's totals (ROLLUP_SCOPES' `day:` scopes): a row per day, and per page, source or campaign.
  const dayTotals = (scope: RollupScope, select: string, rest = "") =>
    db.prepare(`SELECT ${select} FROM insight_rollups WHERE scope = '${scope}' AND day BETWEEN ?1 AND ?2 ${rest}`);
  const subs = (select: string, rest: string) => db.prepare(`SELECT ${select} FROM person_submissions WHERE ${IN_PERIOD} ${rest}`);

  const [days, prevTotals, subTotals, pages, pageSubs, sources, sourceSubs, campaigns, campaignSubs, formViews, formSubs, customers] =
    await db.batch<Record<string, string | number | null>>([
      dayTotals(ROLLUP_SCOPES.siteDay, "day, views, visitors", "ORDER BY day").bind(period.from, period.to),
      dayTotals(ROLLUP_SCOPES.siteDay, "sum(views) AS views, sum(visitors) AS visitors").bind(previous.from, previous.to),
      db
        .prepare(
          "SELECT count(*) AS n, coalesce(sum(created_at >= ?3), 0) AS current FROM person_submissions WHERE created_at >= ?1 AND created_at < ?2",
        )
        .bind(before.start, now.end, now.start),
      dayTotals(
        ROLLUP_SCOPES.pageDay,
        "path, sum(views) AS views, sum(visitors) AS visitors",
        `AND substr(path, 1, 1) = '/' GROUP BY path ORDER BY visitors DESC, path LIMIT ${TOP_ROWS}`,
      ).bind(period.from, period.to),
      subs(`${PAGE_OF_FORM} AS path, count(*) AS n`, "AND form_page IS NOT NULL GROUP BY 1").bind(now.start, now.end),
      dayTotals(
        ROLLUP_SCOPES.sourceDay,
        "channel, source, sum(views) AS views, sum(visitors) AS visitors",
        `GROUP BY channel, source ORDER BY visitors DESC, channel, source LIMIT ${TOP_ROWS}`,
      ).bind(period.from, period.to),
      subs("coalesce(channel, '') AS channel, coalesce(utm_source, referrer_host, '') AS source, count(*) AS n", "GROUP BY 1, 2").bind(
        now.start,
        now.end,
      ),
      dayTotals(
        ROLLUP_SCOPES.campaignDay,
        "campaign, sum(views) AS views, sum(visitors) AS visitors",
        `GROUP BY campaign ORDER BY visitors DESC, campaign LIMIT ${TOP_ROWS}`,
      ).bind(period.from, period.to),
      subs("utm_campaign AS campaign, count(*) AS n", "AND utm_campaign IS NOT NULL GROUP BY 1").bind(now.start, now.end),
      dayTotals(
        ROLLUP_SCOPES.pageDay,
        "path, sum(views) AS views, sum(visitors) AS visitors",
        `AND path IN (${FORM_PATHS.map((_, i) => `?${i + 3}`).join(", ")}) GROUP BY path`,
      ).bind(period.from, period.to, ...FORM_PATHS),
      subs("form, count(*) AS n", "GROUP BY form").bind(now.start, now.end),
      db
        .prepare(
          `SELECT coalesce(first_channel, '') AS channel, coalesce(first_utm_campaign, '') AS campaign, count(*) AS people,
             sum(status = 'qualified') AS qualified, sum(status = 'customer') AS customer, sum(status = 'lost') AS lost
           FROM people WHERE ${IN_PERIOD} GROUP BY 1, 2 ORDER BY people DESC, 1, 2 LIMIT 50`,
        )
        .bind(now.start, now.end),
    ]);
  const rows = <T>(result: D1Result<Record<string, string | number | null>> | undefined) => (result?.results ?? []) as T[];
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
  const pageSubmissions = byKey(rows<{ path: string; n: number }>(pageSubs), (r) => r.path);
  const sourceSubmissions = byKey(rows<{ channel: string; source: string; n: number }>(sourceSubs), (r) => `${r.channel}\n${r.source}`);
  const campaignSubmissions = byKey(rows<{ campaign: string; n: number }>(campaignSubs), (r) => r.campaign);
  const formSubmissions = byKey(rows<{ form: string; n: number }>(formSubs), (r) => r.form);
  const formPageViews = new Map(rows<{ path: string; views: number; visitors: number }>(formViews).map((r) => [r.path, r]));

  const daysByDate = new Map(dayRows.map((d) => [d.day, d]));
  const allDays: InsightsReport["days"] = [];
  for (let ms = periodBounds(period).start; ms < now.end; ms += 86_400_000) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const d = daysByDate.get(date);
    allDays.push({ date, views: d?.views ?? 0, visitors: d?.visitors ?? 0 });
  }

  const pagesTop: TopRow[] = rows<{ path: string; views: number; visitors: number }>(pages).map((r) => ({
    key: r.path,
    label: r.path,
    views: r.views,
    visitors: r.visitors,
    submissions: pageSubmissions.get(r.path) ?? 0,
  }));
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
