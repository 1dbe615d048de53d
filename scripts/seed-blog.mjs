// Demo blog posts for a fresh local site: eight posts for Shopify app founders across the six
// categories, each using several section types; two are drafts. Images are served from public/.
const A = (slug, name) => ({ authorName: name, authorImage: `/images/blog/authors/${slug}.svg` });
const maya = A("maya-chen", "Maya Chen");
const daniel = A("daniel-okafor", "Daniel Okafor");
const sofia = A("sofia-lindqvist", "Sofia Lindqvist");
const raj = A("raj-patel", "Raj Patel");
const cover = (name) => `/images/blog/covers/${name}.svg`;

export const seedPosts = [
  {
    slug: "first-100-installs-without-ads",
    title: "Your first 100 installs without paid ads",
    excerpt: "The outreach sequence that took three of our founders from zero to 100 installs in six weeks.",
    category: "marketing",
    tags: ["outreach", "launch", "installs", "cold email"],
    featuredImage: cover("growth"),
    ...maya,
    daysAgo: 2,
    content: [
      {
        type: "introduction",
        heading: "Installs follow conversations",
        content: "Paid ads rarely pay back before an app has reviews. **Direct outreach** to merchants who already feel the problem does.",
      },
      { type: "heading", text: "Find stores with intent" },
      {
        type: "list",
        items: ["Stores trialling a competing app", "Stores hiring for the job your app does", "Stores complaining in public forums"],
      },
      {
        type: "section",
        heading: "The four-touch sequence",
        content:
          "Keep every message under 90 words.\n- Day 1: the problem, in their words\n- Day 3: a 60-second video\n- Day 7: a result from a similar store\n- Day 12: a short break-up note",
        subsections: [{ subheading: "Subject lines", content: "Name the store, not your app." }],
      },
      {
        type: "conclusion",
        heading: "What to measure",
        content: "Reply rate above 8% means the list is right; below 3%, fix the list before the copy.",
      },
      { type: "cta", content: "Want warm stores delivered weekly? [See how it works](/#how-it-works)." },
    ],
  },
  {
    slug: "pricing-your-shopify-app",
    title: "Pricing your Shopify app: tiers that match store size",
    excerpt: "Why flat pricing leaves money on the table, and how to tier by the value a store gets.",
    category: "product",
    tags: ["pricing", "plans", "revenue"],
    featuredImage: cover("pricing"),
    ...sofia,
    daysAgo: 5,
    content: [
      {
        type: "introduction",
        heading: "Price on value, not on features",
        content: "A store with 10,000 orders a month gets **ten times** the value of one with 1,000.",
      },
      { type: "paragraph", text: "Start with three plans and one usage metric merchants already track." },
      { type: "list", items: ["Starter: under 500 orders", "Growth: under 5,000 orders", "Scale: everything above"] },
      {
        type: "section",
        heading: "Testing a price change",
        content: "Change the price for new installs only and compare 30-day retention.",
      },
      { type: "cta", content: "Compare your numbers with our [ROI calculator](/#roi)." },
    ],
  },
  {
    slug: "passing-app-store-review-first-time",
    title: "Passing the Shopify App Store review the first time",
    excerpt: "The ten rejection reasons we see most, and how to check for each before you submit.",
    category: "saas-development",
    tags: ["app review", "launch"],
    featuredImage: cover("launch"),
    ...daniel,
    daysAgo: 9,
    content: [
      { type: "introduction", content: "Most rejections are avoidable with a **one-hour checklist** run before submission." },
      { type: "heading", text: "The most common reasons" },
      {
        type: "list",
        items: [
          "Missing or broken uninstall flow",
          "Billing outside the Billing API",
          "Screenshots that do not match the app",
          "Slow embedded admin pages",
        ],
      },
      {
        type: "section",
        heading: "Before you submit",
        content: "Install on a fresh development store and walk the listing as a merchant would.",
        subsections: [{ subheading: "Performance", content: "Keep the embedded app's first load under three seconds." }],
      },
      { type: "conclusion", content: "Treat the review as your first merchant: clear, fast, honest." },
    ],
  },
  {
    slug: "webhooks-at-scale",
    title: "Handling Shopify webhooks at scale",
    excerpt: "Queues, idempotency and retries: how to stay correct when a store imports 50,000 orders.",
    category: "technical",
    tags: ["webhooks", "queues", "reliability"],
    featuredImage: cover("technical"),
    ...raj,
    daysAgo: 14,
    content: [
      {
        type: "introduction",
        heading: "Acknowledge fast, work later",
        content: "Shopify expects a response within five seconds. **Put the work on a queue** and answer at once.",
      },
      {
        type: "section",
        heading: "Idempotency",
        content: "Every webhook can arrive twice.\n- store the webhook id\n- skip what you have seen\n- make every write safe to repeat",
      },
      { type: "paragraph", text: "Read the [Shopify webhook docs](https://shopify.dev/docs/apps/build/webhooks) for the retry schedule." },
      { type: "conclusion", heading: "Checklist", content: "Queue, dedupe, retry with backoff, and alert on the dead-letter queue." },
    ],
  },
  {
    slug: "hiring-your-first-support-person",
    title: "Hiring your first support person",
    excerpt: "When support starts eating your roadmap, and what to hand over first.",
    category: "business",
    tags: ["support", "hiring", "operations"],
    featuredImage: cover("business"),
    ...maya,
    daysAgo: 21,
    content: [
      { type: "introduction", content: "If support takes more than **ten hours a week**, it is time." },
      {
        type: "list",
        items: ["Write the ten answers you give most", "Record a walkthrough of the admin", "Hand over onboarding calls first"],
      },
      { type: "conclusion", heading: "Keep one habit", content: "Read every support ticket tag weekly, even after you hand support over." },
    ],
  },
  {
    slug: "reading-churn-signals",
    title: "Reading churn signals before the uninstall",
    excerpt: "Three product events that predict an uninstall two weeks ahead.",
    category: "other",
    tags: ["churn", "retention", "analytics"],
    featuredImage: null,
    ...sofia,
    daysAgo: 30,
    content: [
      {
        type: "introduction",
        heading: "Churn is quiet until it is not",
        content: "Merchants rarely complain before they leave. Their **usage** does.",
      },
      { type: "list", items: ["No login for 10 days", "A setting reverted to default", "Support ticket left unanswered for 48 hours"] },
      { type: "cta", content: "Questions about retention? [Ask in our Q&A](/questions-and-answers/submit)." },
    ],
  },
  {
    slug: "partnerships-with-agencies",
    title: "Partnerships with Shopify agencies (draft)",
    excerpt: "How to get agencies to recommend your app.",
    category: "marketing",
    tags: ["partnerships"],
    featuredImage: cover("growth"),
    ...daniel,
    draft: true,
    content: [{ type: "paragraph", text: "Draft: agency partner program notes." }],
  },
  {
    slug: "roadmap-from-support-tickets",
    title: "Building your roadmap from support tickets (draft)",
    excerpt: "Tag, count, decide.",
    category: "product",
    tags: ["roadmap"],
    featuredImage: null,
    ...raj,
    draft: true,
    content: [{ type: "paragraph", text: "Draft: roadmap notes." }],
  },
];
