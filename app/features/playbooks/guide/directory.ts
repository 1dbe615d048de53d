/**
 * The directory-listing section injected into the final guide before its last
 * top-level heading: where to go next, on Shopify's side and ours. Our own,
 * trusted HTML (built from this list, every text escaped).
 */
const directory = [
  {
    group: "Shopify's own references",
    links: [
      [
        "App Store requirements",
        "https://shopify.dev/docs/apps/launch/app-requirements-checklist",
        "The checklist reviewers use. Read it before you submit.",
      ],
      [
        "Billing API",
        "https://shopify.dev/docs/apps/launch/billing",
        "Subscriptions, usage charges and trials, the way the App Store requires.",
      ],
      ["Polaris design system", "https://polaris.shopify.com", "Components that make an embedded app feel native in the admin."],
      [
        "Built for Shopify",
        "https://shopify.dev/docs/apps/launch/built-for-shopify",
        "The quality bar behind the badge and better App Store placement.",
      ],
    ],
  },
  {
    group: "Founder Leads resources",
    links: [
      ["The 69-point marketing checklist", "/shopify-app-marketing-checklist", "Free. Pick 3 to 5 items per sprint."],
      ["Premium playbooks", "/playbooks", "Six stage-by-stage playbooks with templates and scripts."],
      ["Questions & Answers", "/questions-and-answers", "Founders' questions on approval, growth and churn, answered."],
      ["A free sample of warm leads", "/onboarding", "2-3 verified merchants matched to your app, in 24-48 hours."],
    ],
  },
] as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function linkHtml([title, href, note]: readonly [string, string, string]): string {
  const external = href.startsWith("http");
  const attrs = external ? ` target="_blank" rel="noopener noreferrer"` : "";
  return `<li class="rounded-xl border border-slate-200 bg-white p-4"><a href="${escapeHtml(href)}"${attrs} class="font-semibold">${escapeHtml(title)}</a><p class="mt-1 text-sm text-slate-600">${escapeHtml(note)}</p></li>`;
}

export const DIRECTORY_HTML = [
  `<section class="guide-directory not-prose my-12 rounded-2xl border border-brand-100 bg-brand-50/60 p-6 sm:p-8" aria-labelledby="guide-directory">`,
  `<p id="guide-directory" class="text-lg font-bold text-ink">Directory: where to go next</p>`,
  ...directory.map(
    (d) =>
      `<p class="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-700">${escapeHtml(d.group)}</p><ul class="mt-3 grid gap-3 sm:grid-cols-2">${d.links.map(linkHtml).join("")}</ul>`,
  ),
  `</section>`,
].join("");
