// The demo content of a fresh local site, as SQL. Later features add theirs here.
import { seedPendingQuestions, seedQuestions } from "./seed-qa.mjs";
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

const slug = (t) => t.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80);

export function seedStatements() {
  const day = 86_400_000;
  const now = Date.now();
  const published = seedQuestions.map(
    ([category, title, question, answer], i) =>
      `INSERT OR IGNORE INTO qa_submissions (id, title, question, answer, category, slug, status, is_featured, view_count, created_at, updated_at) VALUES (${q(`seed-qa-${i}`)}, ${q(title)}, ${q(question)}, ${q(answer)}, ${q(category)}, ${q(slug(title))}, 'published', ${i % 7 === 0 ? 1 : 0}, ${(i * 37) % 400}, ${now - i * day}, ${now - i * day});`,
  );
  const pending = seedPendingQuestions.map(
    ([category, title, question], i) =>
      `INSERT OR IGNORE INTO qa_submissions (id, title, question, category, slug, status, created_at, updated_at) VALUES (${q(`seed-qa-pending-${i}`)}, ${q(title)}, ${q(question)}, ${q(category)}, ${q(slug(title))}, 'pending', ${now - i * 3_600_000}, ${now - i * 3_600_000});`,
  );
  return [...pageStatements(), ...published, ...pending];
}

function pageStatements() {
  return pages.map(
    (p) =>
      `INSERT OR IGNORE INTO pages (id, slug, title, meta_description, content, is_published) VALUES (${q(`seed-page-${p.slug}`)}, ${q(p.slug)}, ${q(p.title)}, ${q(p.meta)}, ${q(JSON.stringify({ paragraphs: p.body }))}, 1);`,
  );
}
