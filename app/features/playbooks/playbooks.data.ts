/**
 * Display data for the playbooks hub: hero statistics, the free checklist
 * card, the six premium playbooks and the academy offer. Plain constants:
 * this module ships to the browser.
 */
import { OFFER } from "~/lib/offer";

interface PremiumPlaybook {
  id: string;
  /** The stage of the app it is for. */
  stage: string;
  title: string;
  tagline: string;
  points: string[];
  format: string;
}

export const PREMIUM_PLAYBOOKS: readonly PremiumPlaybook[] = [
  {
    id: "pre-launch",
    stage: "Before launch",
    title: "Pre-Launch Playbook",
    tagline: "Validate demand and line up the merchants who will install on day one, before you build billing.",
    points: [
      "Merchant interview script and a scoring sheet for your answers",
      "Mining competitor reviews for gaps you can own",
      "A waitlist that turns into your first installs",
      "The go or no-go checklist before you submit for app review",
    ],
    format: "Step-by-step guide + interview and waitlist templates",
  },
  {
    id: "launch",
    stage: "Launch",
    title: "Launch Strategy",
    tagline: "Your first 30 days in the Shopify App Store, planned week by week so launch momentum doesn't fade.",
    points: [
      "App Store listing, search term and screenshot checklist",
      "Earning your first reviews within Shopify's rules",
      "A launch-week outreach calendar for merchants and agencies",
    ],
    format: "30-day launch plan + listing checklist",
  },
  {
    id: "post-launch",
    stage: "After launch",
    title: "Post-Launch Growth",
    tagline: "Turn installs into paying merchants with onboarding, in-app prompts and emails that lift install-to-paid.",
    points: [
      "Onboarding that reaches the first win in one session",
      "Trial-end and win-back email sequences",
      "Reading uninstall reasons and acting on them",
    ],
    format: "Guide + email sequence templates",
  },
  {
    id: "scaling-blueprint",
    stage: "Scale",
    title: "Shopify App Scaling Blueprint",
    tagline: "What changes once the app works: new channels, support you can afford, and the order to hire in.",
    points: [
      "Agency and Shopify Partner referral channels",
      "Selling to Shopify Plus merchants",
      "Support systems that scale without a big team",
      "When to hire, and who to hire first",
    ],
    format: "Guide + partner outreach and hiring templates",
  },
  {
    id: "lead-generation",
    stage: "Acquisition",
    title: "Lead Generation Mastery",
    tagline: "The prospecting system behind Founder Leads: find stores with buying intent and start conversations that convert.",
    points: [
      "The intent signals that predict an install",
      "Finding and verifying the decision-maker at each store",
      "Cold email and LinkedIn templates that get replies",
      "A follow-up cadence that adds value with every touch",
    ],
    format: "Guide + outreach scripts and templates",
  },
  {
    id: "revenue-optimization",
    stage: "Revenue",
    title: "Revenue Optimization Framework",
    tagline: "Pricing, plans and expansion revenue: raise average revenue per merchant without raising churn.",
    points: [
      "Designing plan tiers merchants upgrade through",
      "Usage-based charges and annual plans with the Billing API",
      "Upgrade prompts placed at the right moment",
      "Changing prices without losing the merchants you have",
    ],
    format: "Framework + pricing worksheets",
  },
];

/** Hero statistics; the numbers match claims made elsewhere on the site. */
export const HUB_STATS: readonly { value: string; label: string }[] = [
  { value: OFFER.foundersServed, label: "Shopify app founders served" },
  { value: "6", label: "Premium playbooks" },
  { value: "69", label: "Points in the free marketing checklist" },
  { value: "48hrs", label: "To your first verified leads" },
];

export const ACADEMY: { title: string; price: string; priceNote: string; includes: string[] } = {
  title: "SaaS Academy Premium",
  price: OFFER.premiumPrice,
  priceNote: "one-time, lifetime access",
  includes: [
    "All six premium playbooks",
    "Templates, scripts and worked examples",
    "Cold email and LinkedIn outreach templates",
    "App Store listing and launch checklists",
    "Pricing and plan-design worksheets",
    "Every future update at no extra cost",
  ],
};

export const FREE_RESOURCE: {
  title: string;
  description: string;
  href: "/shopify-app-marketing-checklist";
  itemsLabel: string;
} = {
  title: "Shopify App Marketing Checklist",
  description:
    "Practical marketing tasks for Shopify apps across seven areas, from your App Store listing and onboarding to outreach, pricing and retention. Free, with a PDF copy sent to your inbox.",
  href: "/shopify-app-marketing-checklist",
  itemsLabel: "69-point checklist",
};
