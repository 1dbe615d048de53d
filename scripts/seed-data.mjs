// The demo content of a fresh local site, as SQL. Later features add theirs here.
/** The local admin the seed creates (local D1 only; never used in production). */
export const DEMO_ADMIN = { email: "admin@localhost.test", password: "founder-leads-admin" };

const q = (v) => (v === null || v === undefined ? "NULL" : `'${String(v).replaceAll("'", "''")}'`);

const pages = [
  {
    slug: "about",
    title: "About Founder Leads",
    meta: "Who we are: a small team finding pre-qualified merchants for Shopify app founders.",
    body: [
      "Founder Leads finds merchants who are ready for your Shopify app: stores that are testing a competing app, hiring for the problem you solve, or talking about it in public.",
      "We combine AI prospecting across more than ten data sources with manual verification of every founder and decision-maker contact, so the first leads reach you within 48 hours.",
      "We have worked with 57+ founders, from first launch to their first $10K MRR.",
    ],
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    meta: "How Founder Leads collects, uses and protects personal data.",
    body: [
      "We collect the details you give us in our forms (such as your name, email address, app URL and answers to the onboarding questions) to deliver the leads and resources you ask for and to contact you about them.",
      "We keep this data in our database hosted with Cloudflare and send email through our email provider. We do not sell personal data.",
      "You can ask us to access, correct or delete your data at any time by writing to the contact address on our Contact page.",
    ],
  },
  {
    slug: "terms-of-use",
    title: "Terms of Use",
    meta: "The terms that apply when you use the Founder Leads website and services.",
    body: [
      "By using this website you agree to these terms. The content is provided for information; results from leads and playbooks depend on your product and outreach.",
      "Paid plans are billed as described at purchase. You may cancel a subscription at any time; the price-lock guarantee applies while your subscription stays active.",
      "Lead data is provided for your own outreach and must be used in line with applicable law, including anti-spam and data-protection rules.",
    ],
  },
];

export function seedStatements() {
  return pages.map(
    (p) =>
      `INSERT OR IGNORE INTO pages (id, slug, title, meta_description, content, is_published) VALUES (${q(`seed-page-${p.slug}`)}, ${q(p.slug)}, ${q(p.title)}, ${q(p.meta)}, ${q(JSON.stringify({ paragraphs: p.body }))}, 1);`,
  );
}
