/**
 * The 69 points of the Shopify App Marketing Checklist. Server-only: the page
 * sends them only to a visitor who unlocked the checklist (the section names
 * and counts are public).
 */

export interface ChecklistSection {
  id: string;
  title: string;
  intro: string;
  items: { title: string; detail: string }[];
}

export const CHECKLIST_SECTIONS: readonly ChecklistSection[] = [
  {
    id: "app-store",
    title: "App Store optimizations",
    intro:
      "Most installs start with a search in the Shopify App Store. These items make your listing easier to find, quicker to understand and more convincing once a merchant lands on it.",
    items: [
      {
        title: "Pair your brand name with one clear descriptor",
        detail:
          'The app name is short and weighs heavily in App Store search. A distinctive brand plus one plain term merchants recognize, such as "Upsell" or "Reviews", beats a clever name nobody searches for.',
      },
      {
        title: "Find the exact words merchants type before you write the listing",
        detail:
          "Type candidate phrases into the App Store search bar, note the suggestions, and read the top five competitor listings. Build your copy around the terms that keep coming up, not your internal feature names.",
      },
      {
        title: "Use every search term slot in the Partner Dashboard",
        detail:
          "Search terms are a listing field of their own. Fill them with distinct phrases merchants use, including synonyms and problem words, instead of repeating what is already in your app name.",
      },
      {
        title: "State the outcome in your app introduction",
        detail:
          'The introduction is often the only line a merchant reads on the search results card. Say what changes for their store ("Recover abandoned carts by SMS"), not what the software is.',
      },
      {
        title: "Open the app details with the merchant's problem",
        detail:
          "Describe the pain in the merchant's own words first, then explain how your app removes it. Merchants who recognize their problem in the first sentence keep reading.",
      },
      {
        title: "Write feature bullets as benefits merchants can picture",
        detail:
          '"Bulk-edit 1,000 variants in one click" is easier to picture than "Advanced bulk editing". Keep each bullet to one idea and put the feature that wins most installs first.',
      },
      {
        title: "Choose the category and tags that match real merchant intent",
        detail:
          "Your category decides which collections and browse pages you appear in. Pick the one where merchants looking for your solution actually browse, even if a broader one looks bigger.",
      },
      {
        title: "Design screenshots that tell a story, with a caption on each",
        detail:
          "Order screenshots like a walkthrough: the problem, the setup, the result. Short captions on each image let a merchant understand the app without opening it.",
      },
      {
        title: "Add a demo video under two minutes",
        detail:
          "Show the app working inside the Shopify admin and on a storefront within the first 15 seconds. Skip the logo intro; merchants want to see the result before they install.",
      },
      {
        title: "Link a demo store where merchants can see the app live",
        detail:
          'A working storefront removes the "will this look right on my theme?" doubt. Keep the demo store on a current theme and check it after every release.',
      },
      {
        title: "Translate your listing for your biggest non-English markets",
        detail:
          "Shopify supports translated listings, and merchants searching in their own language see far fewer competitors. Start with the market where you already have the most installs.",
      },
      {
        title: "Ask for a review right after the merchant's first win",
        detail:
          "Prompt inside the app when a merchant has just seen a result, such as a first recovered sale. Never offer incentives for reviews; Shopify's rules forbid it and the reviews can be removed.",
      },
      {
        title: "Reply to every App Store review, positive or negative",
        detail:
          "Prospects read your replies as a preview of your support. Answer critical reviews calmly, explain the fix, and follow up once the issue is solved; some merchants update their rating.",
      },
      {
        title: "Pass Shopify's app review on the first submission",
        detail:
          "Test install, reinstall and uninstall on a fresh development store, request only the access scopes you need, and check every link in the listing. Each rejection costs days of review time.",
      },
      {
        title: "Work toward the Built for Shopify badge",
        detail:
          "The badge rewards apps that meet Shopify's performance, design and integration standards, and it earns extra visibility in the App Store. Read the current criteria early so you build to them from the start.",
      },
    ],
  },
  {
    id: "onboarding",
    title: "Onboarding and dashboard",
    intro: "An install is not a customer yet. These items shorten the path from install to the first moment your app proves its value.",
    items: [
      {
        title: "Define your app's first win and measure the time to reach it",
        detail:
          "Pick one concrete event, such as a first widget shown on the storefront or a first order tagged, and track how long new installs take to get there. Every onboarding change should shorten that time.",
      },
      {
        title: "Drop the separate sign-up form after install",
        detail:
          "Shopify already gives you the store and its owner's details at install. Asking merchants to create another account with a password is where many of them leave.",
      },
      {
        title: "Build the admin interface with Polaris so it feels native",
        detail:
          "Merchants trust screens that look like the rest of their Shopify admin. Polaris components also cover accessibility and responsive layouts you would otherwise build yourself.",
      },
      {
        title: "Use App Bridge for navigation, modals and the save bar",
        detail:
          "In an embedded app, App Bridge keeps the navigation menu, title bar, toasts and contextual save bar consistent with Shopify's own pages, so the app feels like part of the admin.",
      },
      {
        title: "Put a setup guide with visible progress on the dashboard",
        detail:
          "Three to five steps with checkmarks tell merchants exactly what is left. Dismiss the guide once setup is done so the dashboard stays useful afterwards.",
      },
      {
        title: "Prefill settings with smart defaults from the store's data",
        detail:
          "Read the store's currency, locale, products and theme to set sensible defaults. A merchant who only has to confirm settings finishes setup far faster than one facing blank fields.",
      },
      {
        title: "Activate storefront features through theme app extensions",
        detail:
          "App blocks and app embeds let merchants turn your app on in the theme editor without touching code, and they come out cleanly on uninstall. Deep-link straight to the right spot in the editor.",
      },
      {
        title: "Design empty states that point to the next action",
        detail:
          'A blank table with "No data yet" stalls a new merchant. Explain what will appear there and put the one button that makes it happen right in the middle.',
      },
      {
        title: "Offer help at the exact screen where merchants get stuck",
        detail:
          "Watch where new installs stop, then add a short tip, a help article link or a chat prompt on that screen. Help placed in context gets used; a generic help link in the footer rarely does.",
      },
      {
        title: "Trigger onboarding emails by behavior, not by calendar day",
        detail:
          "Email a merchant who installed but never finished setup with the one step they missed. Merchants who already reached their first win should get a different message, or none at all.",
      },
    ],
  },
  {
    id: "outreach",
    title: "Outreach and partnerships",
    intro:
      "Waiting for App Store traffic is slow. These items help you start conversations with the merchants and partners who can bring installs now.",
    items: [
      {
        title: "Build a shortlist of agencies that serve your ideal merchants",
        detail:
          "The Shopify Partner Directory and agency case studies show who builds stores in your niche. Twenty well-matched agencies are worth more than two hundred random ones.",
      },
      {
        title: "Keep your app free on development stores",
        detail:
          "Agencies test apps on development stores while they build client sites. If your app works there without a charge, it can be part of the store on launch day.",
      },
      {
        title: "Give agencies a referral reason: revenue share and priority help",
        detail:
          "Agencies recommend apps that make them look good to clients. Offer a commission on referred installs and a direct support line so their projects are never blocked by your app.",
      },
      {
        title: "Integrate with the apps your merchants already use",
        detail:
          "An integration with a popular email, reviews or subscription app puts you in front of its users and gives you a reason to be listed on its integrations page.",
      },
      {
        title: "Co-market with integration partners through joint content",
        detail:
          "A shared webinar, tutorial or newsletter feature reaches an audience that already trusts your partner. Agree on one clear call to action before you start.",
      },
      {
        title: "Prioritize merchants who show buying-intent signals",
        detail:
          "A store that just launched, switched themes, left a complaining review for a competitor or started hiring is far more likely to reply. Reach them while the need is fresh.",
      },
      {
        title: "Open every cold email with an observation about the store",
        detail:
          "Mention something specific, like a missing feature on their product pages or a recent collection launch. It shows you looked, and it earns the second sentence.",
      },
      {
        title: "Contact the decision-maker directly, not the info@ inbox",
        detail:
          "On smaller stores the founder decides which apps get installed; on larger ones it is the ecommerce manager. Find them on LinkedIn and write to them by name.",
      },
      {
        title: "Follow up two or three times, adding something new each time",
        detail:
          'Many replies only come after a follow-up. Send a short case study, a screenshot of your app on a similar store, or a relevant tip instead of "just bumping this".',
      },
      {
        title: "Prepare a dedicated pitch for Shopify Plus merchants",
        detail:
          "Plus stores run multiple storefronts, checkout extensions and Shopify Flow automations, and they pay for reliability. Show how your app fits that setup and what support they can expect.",
      },
      {
        title: "Appear on podcasts and newsletters that merchants follow",
        detail:
          "Ecommerce podcasts and operator newsletters often need guests with practical advice. Teach something useful and mention your app once, at the end.",
      },
      {
        title: "Ask happy merchants to introduce you to stores they know",
        detail:
          "Merchants talk to other merchants in their niche. After a clear success, ask for one specific introduction; a warm referral converts far better than any cold message.",
      },
    ],
  },
  {
    id: "content",
    title: "Content and community",
    intro:
      "Helpful content keeps bringing merchants to you long after it is published. These items build trust with merchants before they ever see your listing.",
    items: [
      {
        title: "Answer merchant questions in the Shopify Community forums",
        detail:
          "Search the forums for the problem your app solves and give a genuinely complete answer. Mention your app only when it truly fits; helpful answers build a reputation, sales pitches get ignored.",
      },
      {
        title: "Publish step-by-step tutorials for the problems your app solves",
        detail:
          'Target searches like "how to add a size chart in Shopify" and solve the problem fully, with your app as the easiest option. These posts keep bringing in merchants for years.',
      },
      {
        title: "Write honest comparison pages against your main competitors",
        detail:
          'Merchants search "Your App vs Competitor" just before they decide. Be fair about where each app fits best; honesty earns trust and the comparison ranks for a high-intent search.',
      },
      {
        title: 'Create "alternatives to" pages for the leaders in your category',
        detail:
          "When a big app raises prices or drops a feature, its merchants start searching for alternatives. Have a page ready that explains switching and how long it takes.",
      },
      {
        title: "Turn your help center into searchable, screenshot-rich docs",
        detail:
          "Good docs cut support load and rank in search for setup questions. Write one article per task, use current screenshots, and link each one from the matching screen in your app.",
      },
      {
        title: "Publish case studies with named merchants and real results",
        detail:
          "A case study with the store's name, the problem and the measured result is the most persuasive content you can own. Ask permission, keep it short, and share the numbers they agreed to.",
      },
      {
        title: "Record short video walkthroughs for YouTube",
        detail:
          "Many merchants search YouTube before they search the App Store. Two- to five-minute videos that solve one task each are easy to make and easy to find.",
      },
      {
        title: "Join the Shopify groups on Reddit, Facebook and Slack where merchants meet",
        detail:
          "Read each community's rules, contribute for a few weeks before mentioning your app, and answer questions in detail. You will also learn the exact words merchants use for their problems.",
      },
      {
        title: "Turn each long piece of content into several short posts",
        detail:
          "One tutorial can become a LinkedIn post, a short video, an email and a forum answer. Repurposing lets a small team stay visible without writing from scratch every week.",
      },
      {
        title: "Build a free tool or calculator related to your app's problem",
        detail:
          "A free shipping-cost calculator or a store-speed checker attracts exactly the merchants who need your app, and it earns links from blogs and agencies.",
      },
      {
        title: "Send a monthly update on what you shipped and why",
        detail:
          "A short changelog email keeps current merchants engaged and reminds trial users why they installed. Lead with the merchant problem each change solves.",
      },
      {
        title: "Guest post on agency blogs and ecommerce publications",
        detail:
          "Agencies and ecommerce sites need practical articles for their readers. A guest post puts you in front of an audience that trusts the host and gives you a link back to your site.",
      },
    ],
  },
  {
    id: "analytics",
    title: "Analytics and experimentation",
    intro: "You can't improve what you don't measure. These items tell you which marketing work is paying off and which isn't.",
    items: [
      {
        title: "Track the full funnel from listing view to second paid month",
        detail:
          "Listing views, installs, setup completed, first paid charge and still paying after 60 days. Knowing where most merchants drop off tells you which section of this checklist to work on next.",
      },
      {
        title: "Connect Google Analytics to your App Store listing",
        detail:
          "The Partner Dashboard lets you add tracking to your listing, so you can see where listing visitors come from and which campaigns turn into installs.",
      },
      {
        title: "Log product events that define activation",
        detail:
          "Record the handful of actions that predict a merchant will stay, such as setup completed or a first result seen. Without them you can't tell a healthy install from one about to churn.",
      },
      {
        title: "Record every uninstall through the app/uninstalled webhook",
        detail:
          "Store the date, plan and days since install for each uninstall. Patterns, like many uninstalls on day two, point to the exact moment your onboarding fails.",
      },
      {
        title: "Compare retention by install-month cohort",
        detail:
          "Overall churn hides whether things are improving. Cohorts show whether merchants who installed after your onboarding change stay longer than those who installed before it.",
      },
      {
        title: "Run one listing experiment at a time for at least two weeks",
        detail:
          "Change a single element, such as the first screenshot or the introduction, and compare install rate against the previous period. Changing several things at once tells you nothing.",
      },
      {
        title: "Review one weekly dashboard of MRR, installs, churn and trial conversion",
        detail:
          "Fifteen minutes every week with the same four numbers catches problems early. Combine Partner Dashboard earnings with your own product data so everything is in one place.",
      },
    ],
  },
  {
    id: "pricing",
    title: "Pricing and revenue",
    intro:
      "Pricing is one of the fastest levers you have. These items help you earn more from the merchants you already win without hurting installs.",
    items: [
      {
        title: "Charge through the Shopify Billing API",
        detail:
          "Apps sold in the Shopify App Store must bill through Shopify, and merchants see the charge on their regular Shopify invoice. It also removes card forms and failed-payment chasing from your side.",
      },
      {
        title: "Set the free trial just long enough to reach the first win",
        detail:
          "If most merchants see a result in three days, a 30-day trial only delays revenue. Match trial days to your measured time to value, with a little room to spare.",
      },
      {
        title: "Tie plan tiers to a value metric merchants understand",
        detail:
          "Orders, products or monthly sessions grow with the merchant's business, so upgrading feels fair. Avoid limits on things that don't track value, like the number of settings.",
      },
      {
        title: "Offer an annual plan with a clear discount",
        detail:
          "The Billing API supports yearly subscriptions. Two months free on annual billing brings cash forward and keeps merchants through the slow season.",
      },
      {
        title: "Add capped usage charges where your costs scale with volume",
        detail:
          "If each SMS or API call costs you money, a usage charge with a capped amount the merchant approves protects your margin and keeps their bill predictable.",
      },
      {
        title: "Show upgrade prompts when merchants hit a plan limit",
        detail:
          "The best moment to upsell is when a merchant is about to do something their plan doesn't cover. Explain what the next plan unlocks and let them approve the change in one click.",
      },
      {
        title: "Test new prices on new installs and grandfather existing merchants",
        detail:
          "Raising prices on merchants who already pay triggers uninstalls and angry reviews. Try new pricing on fresh installs first, and keep current merchants on their plan for a fair period.",
      },
    ],
  },
  {
    id: "retention",
    title: "Customer success and retention",
    intro: "Every merchant you keep is one you don't have to win again. These items lower churn and turn merchants into advocates.",
    items: [
      {
        title: "Answer support requests within one business day",
        detail:
          "Support quality comes up again and again in Shopify app reviews. Publish your support hours on the listing and meet them every time.",
      },
      {
        title: "Reach out to merchants who stop using the app",
        detail:
          "Flag stores with no activity for two weeks and send a personal note offering help. A quick fix now is far cheaper than winning the merchant back later.",
      },
      {
        title: "Email every uninstalling merchant to ask what went wrong",
        detail:
          "A short, personal message from the founder gets honest answers that surveys miss. When you fix the problem they named, tell them; some merchants reinstall.",
      },
      {
        title: "Schedule regular check-ins with your highest-paying merchants",
        detail:
          "Shopify Plus stores and top-tier merchants deserve a short call every quarter. You learn about risks early and often discover upgrade or referral opportunities.",
      },
      {
        title: "Tell merchants when you ship the feature they asked for",
        detail:
          "Keep a list of who requested what, and email them the day it ships. Merchants who feel heard stay longer and are the most likely to leave a review.",
      },
      {
        title: "Send a monthly report showing what your app did for each store",
        detail:
          "Orders recovered, time saved or revenue influenced: put the result in front of the merchant before they review their app bill. Merchants rarely uninstall an app that proves its value.",
      },
    ],
  },
];

/** What the page may show: every point once unlocked; before, each section's name and count. */
export type ChecklistView = { id: string; title: string; count: number; intro?: string; items?: ChecklistSection["items"] }[];

export function checklistView(unlocked: boolean): ChecklistView {
  return CHECKLIST_SECTIONS.map((s) => (unlocked ? { ...s, count: s.items.length } : { id: s.id, title: s.title, count: s.items.length }));
}
