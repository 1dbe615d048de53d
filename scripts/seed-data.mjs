// The demo content of a fresh local site, as SQL (demo data only: the site's own pages and blocks
// arrive by migration, migrations/0004_default_content.sql). Later features add theirs here.
import { seedPosts } from "./seed-blog.mjs";
import { seedBroadcasts } from "./seed-broadcasts.mjs";
import { seedKeywords, seedLeads } from "./seed-leads.mjs";
import { seedGuides } from "./seed-guides.mjs";
import { seedMeetings } from "./seed-meetings.mjs";
import { seedSequences } from "./seed-sequences.mjs";
import { seedInsights } from "./seed-insights.mjs";
import { seedPeople } from "./seed-people.mjs";
import { seedPendingQuestions, seedQuestions } from "./seed-qa.mjs";
/** The local admin the seed creates (local D1 only; never used in production). */
export const DEMO_ADMIN = { email: "admin@localhost.test", password: "founder-leads-admin" };

const q = (v) => (v === null || v === undefined ? "NULL" : `'${String(v).replaceAll("'", "''")}'`);

const slug = (t) =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);

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
  const guides = seedGuides.map(
    (g, i) =>
      `INSERT OR IGNORE INTO guides (id, slug, title, description, content, category, is_published, order_index) VALUES (${q(`seed-guide-${i}`)}, ${q(g.slug)}, ${q(g.title)}, ${q(g.description)}, ${q(JSON.stringify(g.content))}, ${q(g.category)}, ${g.published === false ? 0 : 1}, ${i});`,
  );
  const posts = seedPosts.map((p, i) => {
    const at = p.draft ? null : now - p.daysAgo * day;
    return `INSERT OR IGNORE INTO blogs (id, slug, title, excerpt, content, featured_image, author_name, author_image, category, tags, is_published, published_at, created_at, updated_at) VALUES (${q(`seed-blog-${i}`)}, ${q(p.slug)}, ${q(p.title)}, ${q(p.excerpt)}, ${q(JSON.stringify(p.content))}, ${q(p.featuredImage)}, ${q(p.authorName)}, ${q(p.authorImage)}, ${q(p.category)}, ${q(JSON.stringify(p.tags))}, ${p.draft ? 0 : 1}, ${at ?? "NULL"}, ${at ?? now}, ${at ?? now});`;
  });
  const keywords = seedKeywords.map(
    (k, i) => `INSERT OR IGNORE INTO keywords (id, keyword, created_at) VALUES (${q(k.id)}, ${q(k.keyword)}, ${now - i * day});`,
  );
  const leads = seedLeads().map(
    (l) =>
      `INSERT OR IGNORE INTO leads (id, keyword_id, store_name, store_url, email, app_testing, status, created_at) VALUES (${q(l.id)}, ${q(l.keywordId)}, ${q(l.storeName)}, ${q(l.storeUrl)}, ${q(l.email)}, ${q(l.app)}, ${q(l.status)}, ${l.createdAt});`,
  );
  return [
    ...published,
    ...pending,
    ...guides,
    ...posts,
    ...keywords,
    ...leads,
    ...seedPeople(q, DEMO_ADMIN.email, now),
    ...seedMeetings(q, now),
    ...seedSequences(q, now),
    ...seedInsights(q, now),
    ...seedBroadcasts(q, DEMO_ADMIN.email, now),
  ];
}
