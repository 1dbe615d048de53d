// Generated content for the benchmarks: questions and blog posts as SQL for a fresh local D1.
import { sqlText } from "./bench-lib.mjs";

const CATEGORIES = ["app-approval", "gtm-strategy", "growth-marketing", "churn-retention", "technical", "general"];
const SUBJECTS = [
  "onboarding",
  "pricing",
  "billing",
  "App Store review",
  "churn",
  "cold email",
  "agency partners",
  "reviews",
  "webhooks",
  "annual plans",
  "free trials",
  "Shopify Plus merchants",
  "listing screenshots",
  "uninstalls",
  "upsells",
  "rate limits",
  "support tickets",
  "retention emails",
  "ads",
  "SEO",
];
const VERBS = ["improve", "measure", "fix", "price", "test", "automate", "explain", "speed up", "scale", "plan"];
const CONTEXT = [
  "for a new app",
  "after launch",
  "with a small team",
  "for fashion stores",
  "before the holidays",
  "on a tight budget",
  "for B2B merchants",
  "in Europe",
  "for our second app",
  "without a sales team",
];
const pick = (list, n) => list[n % list.length];

function question(i) {
  const subject = pick(SUBJECTS, i);
  const verb = pick(VERBS, Math.floor(i / 20));
  const context = pick(CONTEXT, Math.floor(i / 200));
  const title = `How do we ${verb} ${subject} ${context}? (#${i})`;
  const body = `We run a Shopify app with about ${100 + (i % 900)} merchants. We want to ${verb} ${subject} ${context}, but our last two attempts did not move the numbers. What should we look at first, and what did other founders try?`;
  const answer =
    i % 10 === 9
      ? null
      : `Start by writing down what ${subject} should change for a merchant, then ${verb} one step at a time. Founders who ${verb} ${subject} ${context} usually look at activation first, talk to five merchants who churned, and ship the smallest change that shows up in the weekly numbers. Measure for two weeks before the next change.`;
  return { title, body, answer, category: pick(CATEGORIES, i * 7), status: i % 10 === 9 ? "pending" : "published" };
}

/** SQL inserting `rows` generated questions (9 in 10 published). */
export function questionsSql(rows) {
  const now = Date.now();
  const lines = [];
  for (let i = 0; i < rows; i++) {
    const q = question(i);
    const at = now - i * 600_000;
    lines.push(
      `INSERT INTO qa_submissions (id, title, question, answer, category, slug, status, is_featured, view_count, created_at, updated_at) VALUES (${sqlText(`bench-${i}`)}, ${sqlText(q.title)}, ${sqlText(q.body)}, ${q.answer ? sqlText(q.answer) : "NULL"}, ${sqlText(q.category)}, ${sqlText(`bench-question-${i}`)}, ${sqlText(q.status)}, ${i % 50 === 0 ? 1 : 0}, ${(i * 37) % 5000}, ${at}, ${at});`,
    );
  }
  return lines.join("\n");
}

const BLOG_CATEGORIES = ["saas-development", "marketing", "product", "technical", "business", "other"];
const TOPICS = ["pricing", "onboarding", "churn", "App Store review", "webhooks", "cold email", "agency partners", "reviews"];

/** SQL inserting `rows` generated blog posts (19 in 20 published), newest first. */
export function postsSql(rows) {
  const now = Date.now();
  const lines = [];
  for (let i = 0; i < rows; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const at = now - i * 3_600_000;
    const content = JSON.stringify([
      {
        type: "introduction",
        heading: `Why ${topic} matters`,
        content: `Founders who get **${topic}** right grow faster.\n- measure it\n- change one thing at a time`,
      },
      {
        type: "section",
        heading: "What to do",
        content: `A plan for ${topic} in four weeks, with [examples](/blog).`,
        subsections: [{ subheading: "Week one", content: "Talk to five merchants." }],
      },
      { type: "conclusion", content: "Start small and measure." },
    ]);
    lines.push(
      `INSERT INTO blogs (id, slug, title, excerpt, content, category, tags, author_name, is_published, published_at, created_at, updated_at) VALUES (${sqlText(`bench-${i}`)}, ${sqlText(`bench-post-${i}`)}, ${sqlText(`Getting ${topic} right, part ${i}`)}, ${sqlText(`How Shopify app founders handle ${topic}.`)}, ${sqlText(content)}, ${sqlText(BLOG_CATEGORIES[i % 6])}, ${sqlText(JSON.stringify([topic, "growth"]))}, 'Maya Chen', ${i % 20 === 19 ? 0 : 1}, ${i % 20 === 19 ? "NULL" : at}, ${at}, ${at});`,
    );
  }
  return lines.join("\n");
}
