/** The plans shown on the home page (display data, as the spec has it). */
export interface Plan {
  name: string;
  subtitle: string;
  price: string;
  originalPrice?: string;
  period: string;
  description: string;
  features: string[];
  buttonText: string;
  highlighted?: boolean;
  badge?: string;
}

export const plans: Plan[] = [
  {
    name: "Free Sample",
    subtitle: "See the quality first",
    price: "$0",
    period: "one-time",
    description: "2-3 verified leads matched to your app, delivered in 24-48 hours. No credit card.",
    features: [
      "2-3 hand-verified merchant leads",
      "Founder or decision-maker contact",
      "The buying signal behind each lead",
      "Delivered in 24-48 hours",
    ],
    buttonText: "Get My Sample Leads",
  },
  {
    name: "Early-Founder Pass",
    subtitle: "For founders ready to grow",
    price: "$99",
    originalPrice: "$299",
    period: "/month",
    description: "50 intent-tagged leads a month at the early-founder price, locked for as long as you stay.",
    features: [
      "Up to 50 verified leads per month",
      "Hand-verified contacts",
      "Buying-intent signals",
      "Email and LinkedIn contact info",
      "GDPR compliance",
      "Price-lock guarantee",
    ],
    buttonText: "Claim My Spot",
    highlighted: true,
    badge: "23 spots left",
  },
];
