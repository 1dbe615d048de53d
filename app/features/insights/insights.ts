/**
 * The Insights page's period (7, 30 or 90 days, or from–to) and the shapes of its report (ADR 0023). Days are UTC
 * days, as the counts are; the period ends today unless a custom one says otherwise.
 */
import type { PersonForm } from "~/lib/people";
import { SOURCE_CHANNEL_LABELS, SOURCE_CHANNELS, type SourceChannel } from "~/lib/visit-source";

export const PERIOD_PRESETS = [7, 30, 90] as const;
/** The longest custom period. */
export const MAX_PERIOD_DAYS = 366;
/** A day in milliseconds (periods and rolled days are whole UTC days). */
export const DAY = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface Period {
  from: string;
  to: string;
  days: number;
  /** "7", "30", "90" or "custom". */
  preset: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

function validDay(value: string | null): string | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const ms = msOf(value);
  return Number.isFinite(ms) && dayOf(ms) === value ? value : null;
}

/** The period a URL asks for (`?days=` or `?from=&to=`); 30 days by default, a wrong custom one too. */
export function parsePeriod(params: URLSearchParams, now = Date.now()): Period {
  const today = dayOf(now);
  const from = validDay(params.get("from"));
  const to = validDay(params.get("to"));
  if (params.get("days") === "custom" || (from && to && !params.get("days"))) {
    if (from && to && from <= to && to <= today) {
      const days = Math.round((msOf(to) - msOf(from)) / DAY) + 1;
      if (days <= MAX_PERIOD_DAYS) return { from, to, days, preset: "custom" };
    }
  }
  const asked = Number(params.get("days"));
  const days = (PERIOD_PRESETS as readonly number[]).includes(asked) ? asked : 30;
  return { from: dayOf(msOf(today) - (days - 1) * DAY), to: today, days, preset: String(days) };
}

/** The period of the same length just before. */
export function previousPeriod(period: Period): Period {
  const to = dayOf(msOf(period.from) - DAY);
  return { from: dayOf(msOf(to) - (period.days - 1) * DAY), to, days: period.days, preset: period.preset };
}

/** The first and the last millisecond boundary of a period: [start, end). */
export const periodBounds = (period: Period) => ({ start: msOf(period.from), end: msOf(period.to) + DAY });

/** Every day of a period, in order. */
export function periodDays(period: Period): string[] {
  const start = msOf(period.from);
  return Array.from({ length: period.days }, (_, i) => dayOf(start + i * DAY));
}

/** The query string of a period, for links and the CSV exports. */
export function periodQuery(period: Period): string {
  return period.preset === "custom" ? `days=custom&from=${period.from}&to=${period.to}` : `days=${period.preset}`;
}

export interface Totals {
  visitors: number;
  views: number;
  submissions: number;
}

export interface DayCount {
  date: string;
  visitors: number;
  views: number;
}

/** A row of the top pages, sources or campaigns. */
export interface TopRow {
  key: string;
  label: string;
  visitors: number;
  views: number;
  submissions: number;
  /** The filtered Leads list behind the row, where there is one. */
  leads?: string;
  channel?: SourceChannel;
}

export interface FormRow {
  form: PersonForm;
  label: string;
  /** What its views are: a page, the popup, every page. */
  pages: string;
  views: number;
  visitors: number;
  submissions: number;
}

export interface CustomerRow {
  key: string;
  channel: string;
  campaign: string;
  people: number;
  qualified: number;
  customer: number;
  lost: number;
}

export interface InsightsReport {
  period: Period;
  previous: Period;
  totals: Totals;
  previousTotals: Totals;
  days: DayCount[];
  pages: TopRow[];
  sources: TopRow[];
  campaigns: TopRow[];
  forms: FormRow[];
  customers: CustomerRow[];
}

/** Submissions per visitor, in percent with one decimal, or null without visitors. */
export function conversion(submissions: number, visitors: number): number | null {
  return visitors > 0 ? Math.round((submissions / visitors) * 1000) / 10 : null;
}

export const INSIGHTS_TABLES = ["days", "pages", "sources", "campaigns", "forms", "customers"] as const;
export type InsightsTable = (typeof INSIGHTS_TABLES)[number];

const LEADS = "/admin/dashboard/leads";

/** The Leads list filtered by these parameters (channel, campaign, status, form). */
export const leadsLink = (params: Record<string, string>) => `${LEADS}?${new URLSearchParams(params)}`;
export const asChannel = (value: string): SourceChannel | null =>
  SOURCE_CHANNELS.includes(value as SourceChannel) ? (value as SourceChannel) : null;
export const channelLabel = (value: string) => {
  const channel = asChannel(value);
  return channel ? SOURCE_CHANNEL_LABELS[channel] : "Not known";
};

/** The Leads list of a source-to-customer row (its first channel and campaign), with a status; none without either. */
export function customerLeadsLink(row: Pick<CustomerRow, "channel" | "campaign">, status?: string): string | undefined {
  const channel = asChannel(row.channel);
  if (!channel && !row.campaign) return undefined;
  return leadsLink({ ...(channel ? { channel } : {}), ...(row.campaign ? { campaign: row.campaign } : {}), ...(status ? { status } : {}) });
}
