// Demo visitor counts for Insights (ADR 0023): the last 30 days of daily rollups, site and pages, from a handful of
// sources and two campaigns, and the day's totals made from them (`DAY_TOTALS`, as the views queue's consumer writes
// them), with the demo people's first sources and the pages their forms were sent from, so a fresh `npm start` shows
// Insights working, submissions and conversion per page included (read from the submissions until the cron rolls their
// days into insight_submission_totals).
// Numbers come from a fixed formula (no randomness): seeding again changes nothing (INSERT OR IGNORE, fixed keys).

const DAY = 86_400_000;

/** [channel, source, campaign, share of the day's visitors] */
const SOURCES = [
  ["direct", "", "", 0.3],
  ["organic_search", "google.com", "", 0.28],
  ["social", "linkedin.com", "", 0.12],
  ["referral", "news.ycombinator.com", "", 0.08],
  ["email", "newsletter", "autumn-digest", 0.12],
  ["campaign", "producthunt", "ph-launch", 0.1],
];
const DEVICES = [
  ["desktop", 0.6],
  ["mobile", 0.34],
  ["tablet", 0.06],
];
const COUNTRIES = ["US", "GB", "DE", "CA"];
/** [path, share of the site's visitors] */
const PAGES = [
  ["/", 0.55],
  ["/blog", 0.25],
  ["/onboarding", 0.12],
  ["/Shopify-App-Launch-and-Scaling-Playbook", 0.1],
  ["/shopify-app-marketing-checklist", 0.08],
  ["/playbooks/premium", 0.05],
  ["/contact", 0.06],
  ["/questions-and-answers", 0.09],
  ["/questions-and-answers/submit", 0.02],
  ["popup:lead-magnet", 0.2],
];
/** The page each form is sent from (the popup's and the newsletter's: a page that shows them), and a landing page. */
const FORM_PAGE = {
  onboarding: "/onboarding",
  "lead-magnet": "/blog",
  landing: "/Shopify-App-Launch-and-Scaling-Playbook",
  checklist: "/shopify-app-marketing-checklist",
  premium: "/playbooks/premium",
  contact: "/contact",
  newsletter: "/blog",
  waitlist: "/",
  question: "/questions-and-answers/submit",
};
const LANDING = { organic_search: "/blog", referral: "/questions-and-answers" };

/**
 * The day's totals of the rollups (scopes `day:…`, ROLLUP_SCOPES in app/features/insights/views.ts), summed from the
 * fine rows stored: what the views consumer writes with them, and what Insights reads. Rows already there are kept.
 */
export const DAY_TOTALS = [
  ["day:site", "'', '', '', ''", "scope = 'site'", "day"],
  ["day:page", "path, '', '', ''", "scope = 'page'", "day, path"],
  ["day:source", "'', channel, source, ''", "scope = 'site'", "day, channel, source"],
  ["day:campaign", "'', '', '', campaign", "scope = 'site' AND campaign <> ''", "day, campaign"],
].map(
  ([scope, columns, where, group]) =>
    `INSERT INTO insight_rollups (scope, day, path, channel, source, campaign, country, device, views, visitors) SELECT '${scope}', day, ${columns}, '', '', sum(views), sum(visitors) FROM insight_rollups WHERE ${where} GROUP BY ${group} ON CONFLICT DO NOTHING;`,
);

/** The demo people's first sources (seed-people.mjs), by address. */
const PEOPLE = [
  ["maya@loopcart.example", "email", "newsletter", "autumn-digest"],
  ["tomas@bundlebee.example", "organic_search", null, null],
  ["priya@reviewly.example", "campaign", "producthunt", "ph-launch"],
  ["sam@shipwise.example", "social", null, null],
  ["lena@stockpilot.example", "email", "newsletter", "autumn-digest"],
  ["jon@taxtidy.example", "referral", null, null],
  ["aiko@giftwrapr.example", "campaign", "producthunt", "ph-launch"],
  ["ravi@pixelpage.example", "direct", null, null],
];

export function seedInsights(q, now) {
  const today = Math.floor(now / DAY) * DAY;
  const rows = [];
  const row = (scope, day, path, [channel, source, campaign], country, device, visitors, views) =>
    `INSERT OR IGNORE INTO insight_rollups (scope, day, path, channel, source, campaign, country, device, views, visitors) VALUES (${q(scope)}, ${q(day)}, ${q(path)}, ${q(channel)}, ${q(source)}, ${q(campaign)}, ${q(country)}, ${q(device)}, ${views}, ${visitors});`;
  for (let i = 0; i < 30; i++) {
    const day = new Date(today - i * DAY).toISOString().slice(0, 10);
    // A weekly rhythm and slow growth: about 120 to 260 visitors a day.
    const weekday = new Date(today - i * DAY).getUTCDay();
    const base = Math.round((weekday === 0 || weekday === 6 ? 120 : 200) * (1 + (30 - i) / 60));
    SOURCES.forEach((source, s) => {
      DEVICES.forEach(([device, share], d) => {
        const country = COUNTRIES[(i + s + d) % COUNTRIES.length];
        const visitors = Math.max(1, Math.round(base * source[3] * share));
        rows.push(row("site", day, "", source, country, device, visitors, Math.round(visitors * (1.6 + ((i + s) % 5) / 10))));
        for (const [path, pageShare] of PAGES) {
          const pageVisitors = Math.round(visitors * pageShare);
          if (pageVisitors > 0) rows.push(row("page", day, path, source, country, device, pageVisitors, Math.round(pageVisitors * 1.2)));
        }
      });
    });
  }
  const sources = PEOPLE.flatMap(([email, channel, source, campaign]) => [
    `UPDATE people SET first_channel = ${q(channel)}, first_utm_source = ${q(channel === "email" || channel === "campaign" ? source : null)}, first_referrer_host = ${q(channel === "email" || channel === "campaign" ? null : source)}, first_utm_campaign = ${q(campaign)} WHERE email = ${q(email)} AND first_channel IS NULL;`,
    `UPDATE person_submissions SET channel = ${q(channel)}, utm_source = ${q(channel === "email" || channel === "campaign" ? source : null)}, utm_campaign = ${q(campaign)} WHERE channel IS NULL AND person_id = (SELECT id FROM people WHERE email = ${q(email)});`,
    `UPDATE people SET first_landing_page = ${q(LANDING[channel] ?? "/")} WHERE email = ${q(email)} AND first_landing_page IS NULL;`,
    // The pages the forms were sent from: Insights' top pages count their submissions.
    `UPDATE person_submissions SET landing_page = ${q(LANDING[channel] ?? "/")}, form_page = CASE form ${Object.entries(FORM_PAGE)
      .map(([form, page]) => `WHEN ${q(form)} THEN ${q(page)}`)
      .join(" ")} END WHERE form_page IS NULL AND person_id = (SELECT id FROM people WHERE email = ${q(email)});`,
  ]);
  // The submissions' day totals (ADR 0023) are made by the cron from the submissions, which the seed has just written
  // and changed: any it holds go, so Insights reads the submissions themselves until the cron rolls the days again.
  return [...rows, ...DAY_TOTALS, ...sources, "DELETE FROM insight_submission_totals;"];
}
