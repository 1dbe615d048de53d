// Demo guides for a fresh local site: each uses every section type of the content format.
export const seedGuides = [
  {
    slug: "validate-your-shopify-app-idea",
    title: "Validate your Shopify app idea in two weeks",
    description: "Find ten merchants with the problem before you write a line of code.",
    category: "Launch",
    content: [
      {
        type: "introduction",
        heading: "Why validate first",
        content: "Most apps that stall were built for a problem **nobody pays to solve**. Two weeks of conversations save months of code.",
      },
      { type: "heading", text: "The two-week plan" },
      { type: "list", items: ["Days 1–3: list 50 stores in your niche", "Days 4–10: talk to 15 of them", "Days 11–14: pre-sell to 3"] },
      {
        type: "section",
        heading: "Finding the right stores",
        content:
          "Look for stores that already pay for a workaround:\n- a competing app they complain about\n- a VA doing the job by hand\n- a spreadsheet someone updates daily",
        subsections: [
          {
            subheading: "Where to look",
            content: "App store reviews of competitors and the [Shopify Community](https://community.shopify.com) are the fastest sources.",
          },
          { subheading: "What to ask", content: "Ask about the last time the problem cost them money, not whether they would buy an app." },
        ],
      },
      { type: "paragraph", text: "Write down every answer word for word: your landing page copy comes from these notes." },
      {
        type: "conclusion",
        heading: "In short",
        content: "Three merchants who pre-pay are a stronger signal than three hundred sign-ups.",
      },
      { type: "cta", content: "Want the first ten conversations booked for you? [Talk to us](/contact)." },
    ],
  },
  {
    slug: "app-store-listing-that-converts",
    title: "An App Store listing that converts",
    description: "Screenshots, the first 160 characters and reviews: what moves installs.",
    category: "Growth",
    content: [
      {
        type: "introduction",
        heading: "Your listing is your sales page",
        content: "Merchants decide in seconds. The **first screenshot** and the **tagline** carry most of that decision.",
      },
      { type: "heading", text: "Checklist before you publish" },
      {
        type: "list",
        items: ["A tagline that names the outcome", "Screenshots with captions", "A demo store link", "Pricing that fits on one line"],
      },
      {
        type: "section",
        heading: "Screenshots",
        content: "Show the result, not the settings page.\n- caption every image\n- put the outcome in the first one",
        subsections: [{ subheading: "Size", content: "1600 × 900 pixels keeps text sharp." }],
      },
      { type: "paragraph", text: "Ask your first ten merchants for a review after their first success, not after install." },
      { type: "conclusion", heading: "Next step", content: "Rewrite your tagline today, then watch the install rate for a week." },
      { type: "cta", content: "Get the full [launch playbook](/Shopify-App-Launch-and-Scaling-Playbook) for free." },
    ],
  },
  {
    slug: "reduce-churn-in-the-first-30-days",
    title: "Reduce churn in the first 30 days",
    description: "Onboarding emails and in-app moments that keep merchants past the trial.",
    category: "Retention",
    published: false,
    content: [
      {
        type: "introduction",
        heading: "Churn starts at install",
        content: "Merchants who reach their first result within a day stay three times longer.",
      },
      { type: "heading", text: "Three moments to design" },
      { type: "list", items: ["The first screen after install", "The first result", "The trial's last day"] },
      { type: "section", heading: "The first screen", content: "One action, one button, one result." },
      { type: "paragraph", text: "Measure time to first result for every merchant." },
      { type: "conclusion", content: "Fix the first day before you fix anything else." },
      { type: "cta", content: "Questions? [Ask in our Q&A](/questions-and-answers/submit)." },
    ],
  },
];
