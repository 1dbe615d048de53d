/**
 * What the visitor counts share between the fetch side, the queue's consumer and the Insights page (ADR 0023): the
 * message of one view, the pseudo-paths of views that are no page, and the pages that carry each form.
 */
import type { PersonForm } from "~/lib/people";
import type { SourceChannel } from "~/lib/visit-source";

/** One page view on VIEWS_QUEUE. `id` is made once per view, so a message delivered twice counts once. */
export interface PageViewMessage {
  kind: "page-view";
  id: string;
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  /** The day's visitor hash (hex), never the address. */
  visitor: string;
  path: string;
  channel: SourceChannel;
  /** utm_source, else the referrer's host; "" when none. */
  source: string;
  campaign: string;
  /** ISO 3166 alpha-2 from request.cf, or "". */
  country: string;
  device: "mobile" | "tablet" | "desktop";
}

/** Views that are no page: the lead-magnet popup shown (counted by the browser). Never listed among top pages. */
export const POPUP_PATHS = { leadMagnet: "popup:lead-magnet" } as const;

/** The rollups' row of the whole site (a visitor once a day, whatever the pages). */
export const SITE_PATH = "";

/**
 * The scopes of `insight_rollups`. `site` and `page`: a row per day and (path, channel, source, campaign, country,
 * device). The `day:` scopes: the day's totals of the site, of each page, of each source (channel and source) and of
 * each campaign, the other key columns ''. The consumer writes all six in one statement; Insights reads the totals,
 * a row per day and page, source or campaign, instead of summing the fine rows.
 */
export const ROLLUP_SCOPES = {
  site: "site",
  page: "page",
  siteDay: "day:site",
  pageDay: "day:page",
  sourceDay: "day:source",
  campaignDay: "day:campaign",
} as const;
export type RollupScope = (typeof ROLLUP_SCOPES)[keyof typeof ROLLUP_SCOPES];

/**
 * The scopes of `insight_submission_totals`: the submissions of a closed day in all (`day`, a row for every day rolled,
 * 0 included) and per form, form page (its path, the query dropped), source (channel and source) and campaign. The
 * cron makes them once the day is over (`rollSubmissionDays`); Insights reads them instead of the submissions.
 */
export const SUBMISSION_SCOPES = {
  day: "day",
  form: "form",
  page: "page",
  source: "source",
  campaign: "campaign",
} as const;

/**
 * The pages that carry each form, whose views are the form's views: a path, the popup's pseudo-path, or the whole
 * site for the forms every public page carries (the footer's newsletter box, the waitlist banner).
 */
export const FORM_PAGES: Record<PersonForm, string> = {
  onboarding: "/onboarding",
  "lead-magnet": POPUP_PATHS.leadMagnet,
  landing: "/Shopify-App-Launch-and-Scaling-Playbook",
  checklist: "/shopify-app-marketing-checklist",
  premium: "/playbooks/premium",
  contact: "/contact",
  waitlist: SITE_PATH,
  newsletter: SITE_PATH,
  question: "/questions-and-answers/submit",
};
