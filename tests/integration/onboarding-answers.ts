/** Test data shared by the onboarding and store-and-notify tests. */
const uid = () => crypto.randomUUID().slice(0, 8);

/** Repeats a phrase to the length the long answers need. */
export const long = (text: string) => `${text} `.repeat(Math.ceil(60 / (text.length + 1))).trim();

/** A founder's answers to all four onboarding steps, as the wizard's form fields. */
export function answers(email = `founder-${uid()}@example.com`) {
  return {
    appName: "ShipFast",
    appCategory: "shipping",
    appDescription: long("Fast label printing for busy stores"),
    appUrl: "https://apps.shopify.com/shipfast",
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    company: "Analytical Apps",
    phone: "+1 (555) 123-4567",
    pricingModel: "subscription",
    "pricingPlans[0].name": "Starter",
    "pricingPlans[0].price": "$19/month",
    "pricingPlans[0].features": long("Batch labels and tracking emails"),
    "pricingPlans[1].name": "Pro",
    "pricingPlans[1].price": "$49/month",
    "pricingPlans[1].features": long("Everything in Starter plus carrier rules"),
    uniqueValue: long("The only app that prints labels in one click"),
    targetAudience: "Stores shipping 500+ orders a month",
    idealContactPersona: "Head of operations",
    painPoints: "Slow fulfilment",
    customerBehavior: "Compare apps in the App Store",
    competitionApps: "ShipStation, Sendcloud",
  };
}
