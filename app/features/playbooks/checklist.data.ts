/**
 * The marketing checklist page's public texts (/shopify-app-marketing-checklist):
 * FAQ, about block, sprint advice. The points themselves are in
 * checklist-sections.server.ts, sent only once unlocked.
 */

export const CHECKLIST_SPRINT_ADVICE =
  "Don't try to tackle all 69 points at once: pick 3 to 5 items per sprint, ship them, measure the result, then come back for the next batch.";

export const CHECKLIST_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: "What is the Shopify App Marketing Checklist?",
    answer:
      "A 69-point checklist of practical marketing tasks for Shopify apps, grouped into seven areas: App Store optimizations, onboarding, outreach and partnerships, content and community, analytics, pricing, and retention. Each item says what to do and why it matters.",
  },
  {
    question: "Who is it for?",
    answer:
      "Founders and small teams building apps for the Shopify App Store, whether you are preparing to launch, just launched, or have paying merchants and want steadier growth.",
  },
  {
    question: "How should I use it?",
    answer:
      "Start with the section where your funnel leaks most, then pick 3 to 5 items per sprint. Ship them, measure the result, and come back for the next batch. Working through a few items well beats skimming all 69.",
  },
  {
    question: "Is it really free?",
    answer: "Yes. The whole checklist is free. We only ask for your email address so we can send you the PDF copy.",
  },
  {
    question: "Will you email me?",
    answer:
      "Yes, we will send the PDF version of the checklist to your inbox within 48 hours. We don't share your email address with anyone.",
  },
  {
    question: "How can Founder Leads help with this?",
    answer:
      "The outreach items work best when you know which merchants to contact. Founder Leads delivers pre-qualified merchant leads with verified contacts and buying-intent signals, with first leads within 48 hours. You can start with a free sample of 2-3 leads, delivered in 24-48 hours.",
  },
];

export const CHECKLIST_ABOUT: { title: string; paragraphs: string[] } = {
  title: "About Founder Leads",
  paragraphs: [
    "Founder Leads helps Shopify app founders find merchants who are ready to install. We combine AI prospecting across 10+ databases with manual verification, so every lead comes with a checked founder or decision-maker contact and the buying-intent signal behind it.",
    "Tell us about your app and your ideal merchant, and your first leads arrive within 48 hours. No stale exports, no info@ addresses: just stores that match your profile and a clear reason to reach out now.",
    "Not sure yet? Ask for a free sample of 2-3 verified leads, delivered in 24-48 hours. No credit card needed.",
  ],
};
