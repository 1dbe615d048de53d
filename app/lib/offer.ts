/**
 * The offer's facts that several pages, features and emails state: one place,
 * so a price or a count never says two things. (The marketing home, the
 * academy page, the playbooks hub, the premium form and its emails read it.)
 */
export const OFFER = {
  /** SaaS Academy Premium: one payment, lifetime access. */
  premiumPrice: "$197",
  /** How many premium playbooks it holds. */
  premiumPlaybooks: 6,
  premiumPlaybooksWord: "six",
  /** A premium request is answered with payment details within this many hours. */
  premiumReplyHours: 24,
  /** Shopify app founders served so far. */
  foundersServed: "57+",
} as const;
