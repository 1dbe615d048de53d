// Demo people for the Leads tab: founders who filled the site's forms, linked to their
// submissions as the forms link them, at every stage of the pipeline (overdue, due within a day, contacted,
// qualified with a note, customer, lost), so a fresh `npm start` shows the pipeline working. Times are
// relative to the seeding; ids are fixed, so seeding again changes nothing (INSERT OR IGNORE).
// Owners and notes name the demo admin, created before this SQL runs (scripts/seed.mjs).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOTICE_VERSION = "2026-11-23"; // PRIVACY_NOTICE.version (app/features/privacy/notice.ts)

/** One founder: their person row (as the forms leave it) and their submissions, oldest first. */
const founders = [
  {
    name: "Maya Chen",
    email: "maya@loopcart.example",
    company: "Loopcart",
    app: "Loopcart Upsell",
    status: "new",
    // A finished onboarding promises first leads within 48 h: 50 h ago is overdue.
    submissions: [
      { form: "lead-magnet", ago: 4 * DAY },
      { form: "onboarding", ago: 50 * HOUR, due: 48 },
    ],
  },
  {
    name: "Tomás Rivera",
    email: "tomas@bundlebee.example",
    company: "BundleBee",
    app: "BundleBee Bundles",
    status: "new",
    // A premium request is answered within 24 h: 26 h ago is overdue.
    submissions: [{ form: "premium", ago: 26 * HOUR, due: 24, timing: "instantly" }],
  },
  {
    name: "Priya Nair",
    email: "priya@reviewly.example",
    company: "Reviewly",
    app: null,
    status: "new",
    submissions: [
      { form: "checklist", ago: 6 * DAY },
      { form: "premium", ago: 5 * HOUR, due: 24, timing: "this-week" },
    ],
  },
  {
    name: "Sam Okafor",
    email: "sam@shipwise.example",
    company: "Shipwise",
    app: null,
    status: "contacted",
    owned: true,
    submissions: [{ form: "contact", ago: 3 * DAY, message: "We launched last month and need our first 50 installs. Can you help?" }],
    events: [{ kind: "status", from: "new", to: "contacted", ago: 2 * DAY }],
  },
  {
    name: "Lena Fischer",
    email: "lena@stockpilot.example",
    company: "StockPilot",
    app: "StockPilot Inventory",
    status: "qualified",
    owned: true,
    submissions: [
      { form: "landing", ago: 12 * DAY },
      { form: "newsletter", ago: 11 * DAY },
      { form: "onboarding", ago: 9 * DAY, due: 48 },
    ],
    events: [
      { kind: "status", from: "new", to: "contacted", ago: 8 * DAY },
      { kind: "status", from: "contacted", to: "qualified", ago: 6 * DAY },
    ],
    note: "Call on **Tuesday**: wants leads from stores shipping 500+ orders a month. Sample sent.",
  },
  {
    name: "Jon Park",
    email: "jon@taxtidy.example",
    company: "TaxTidy",
    app: "TaxTidy",
    status: "customer",
    owned: true,
    submissions: [{ form: "onboarding", ago: 21 * DAY, due: 48 }],
    events: [
      { kind: "status", from: "new", to: "contacted", ago: 20 * DAY },
      { kind: "status", from: "contacted", to: "customer", ago: 14 * DAY },
    ],
  },
  {
    name: "Aiko Tanaka",
    email: "aiko@giftwrapr.example",
    company: "Giftwrapr",
    app: null,
    status: "lost",
    lostReason: "Chose another provider",
    submissions: [{ form: "lead-magnet", ago: 25 * DAY }],
    events: [{ kind: "status", from: "new", to: "lost", ago: 18 * DAY, detail: "Chose another provider" }],
  },
  {
    name: null,
    email: "ravi@pixelpage.example",
    company: null,
    app: null,
    status: "new",
    submissions: [{ form: "waitlist", ago: 2 * DAY }],
  },
  // The follow-up sequences' demo (scripts/seed-sequences.mjs): two founders who finished onboarding.
  {
    name: "Noor Haddad",
    email: "noor@stitchly.example",
    company: "Stitchly",
    app: "Stitchly Embroidery",
    status: "contacted",
    // Booked a call after onboarding (scripts/seed-meetings.mjs): the reminder was skipped.
    submissions: [{ form: "onboarding", ago: 30 * HOUR, due: 48 }],
    events: [{ kind: "status", from: "new", to: "contacted", ago: 20 * HOUR, detail: "call booked" }],
  },
  {
    name: "Elif Demir",
    email: "elif@wrapkit.example",
    company: "Wrapkit",
    app: "Wrapkit Gift Wrap",
    status: "new",
    submissions: [{ form: "onboarding", ago: 10 * HOUR, due: 48 }],
  },
];

const APP_URL = (f) => `https://apps.shopify.com/${(f.app ?? f.company ?? "app").toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The stored onboarding answers, as the wizard leaves them. */
const onboardingData = (f) => ({
  appName: f.app ?? f.company,
  appCategory: "store-management",
  appUrl: APP_URL(f),
  appDescription: `${f.app ?? f.company} helps Shopify merchants save hours every week with one-click workflows.`,
  firstName: f.name.split(" ")[0],
  lastName: f.name.split(" ").slice(1).join(" "),
  email: f.email,
  company: f.company,
  phone: "",
  pricingModel: "subscription",
  pricingPlans: [
    { name: "Starter", price: "$19/month", features: "Core workflows for small stores" },
    { name: "Growth", price: "$49/month", features: "Everything in Starter plus automations and priority support" },
  ],
  uniqueValue: "Set up in five minutes, no code, and it works with every theme.",
  targetAudience: "Stores doing $20k to $200k a month",
  idealContactPersona: "Founder or head of operations",
  painPoints: "Manual work that does not scale",
  customerBehavior: "Compares apps in the App Store and reads reviews",
  competitionApps: "Two larger apps with slower support",
});

/** The statements of one submission: its record and its link to the person. */
function submission(q, f, s, personId, id, at) {
  const first = f.name?.split(" ")[0] ?? "";
  const record = {
    onboarding: () =>
      `INSERT OR IGNORE INTO onboarding_submissions (id, email, step_completed, form_data, is_completed, created_at, updated_at) VALUES (${q(id)}, ${q(f.email)}, 4, ${q(JSON.stringify(onboardingData(f)))}, 1, ${at - HOUR}, ${at});`,
    "lead-magnet": () =>
      `INSERT OR IGNORE INTO lead_magnet_submissions (id, first_name, email, app_url, source, created_at) VALUES (${q(id)}, ${q(first)}, ${q(f.email)}, ${q(APP_URL(f))}, 'leadmagnet-popup', ${at});`,
    landing: () =>
      `INSERT OR IGNORE INTO lead_magnet_submissions (id, first_name, email, app_url, source, created_at) VALUES (${q(id)}, ${q(first)}, ${q(f.email)}, ${q(APP_URL(f))}, 'playbook-landing', ${at});`,
    checklist: () =>
      `INSERT OR IGNORE INTO lead_magnet_submissions (id, first_name, email, app_url, source, created_at) VALUES (${q(id)}, ${q(first)}, ${q(f.email)}, ${q(APP_URL(f))}, 'checklist-page', ${at});`,
    premium: () =>
      `INSERT OR IGNORE INTO premium_access_requests (id, first_name, email, company, access_timing, created_at) VALUES (${q(id)}, ${q(first)}, ${q(f.email)}, ${q(f.company)}, ${q(s.timing)}, ${at});`,
    contact: () =>
      `INSERT OR IGNORE INTO contact_messages (id, name, email, company, message, created_at) VALUES (${q(id)}, ${q(f.name)}, ${q(f.email)}, ${q(f.company)}, ${q(s.message)}, ${at});`,
    newsletter: () =>
      `INSERT OR IGNORE INTO newsletter_subscribers (id, email, created_at, status, requested_at, confirmed_at) VALUES (${q(id)}, ${q(f.email)}, ${at}, 'confirmed', ${at}, ${at + HOUR});
INSERT OR IGNORE INTO consents (id, email, list, notice_version, given_at) VALUES (${q(`${id}-consent`)}, ${q(f.email)}, 'newsletter', ${q(NOTICE_VERSION)}, ${at});`,
    waitlist: () =>
      `INSERT OR IGNORE INTO waitlist_entries (id, email, created_at) VALUES (${q(id)}, ${q(f.email)}, ${at});
INSERT OR IGNORE INTO consents (id, email, list, notice_version, given_at) VALUES (${q(`${id}-consent`)}, ${q(f.email)}, 'waitlist', ${q(NOTICE_VERSION)}, ${at});`,
  }[s.form];
  return [
    record(),
    `INSERT OR IGNORE INTO person_submissions (form, record_id, person_id, created_at) VALUES (${q(s.form)}, ${q(id)}, ${q(personId)}, ${at});`,
  ];
}

/** The SQL of the demo people; `q` quotes a value, `admin` is the demo admin's email. */
export function seedPeople(q, admin, now = Date.now()) {
  const adminId = `(SELECT id FROM users WHERE email = ${q(admin)})`;
  return founders.flatMap((f, i) => {
    const personId = `seed-person-${i}`;
    const times = f.submissions.map((s) => now - s.ago);
    const last = f.submissions.at(-1);
    // The due date comes from the promise of the form that brought the person in; Contacted and later clear it.
    const promised = f.submissions.filter((s) => s.due).at(-1);
    const due = f.status === "new" && promised ? now - promised.ago + promised.due * HOUR : null;
    return [
      `INSERT OR IGNORE INTO people (id, email, name, company, app, status, lost_reason, owner_id, due_at, first_form, last_form, created_at, last_seen_at, updated_at) VALUES (${q(personId)}, ${q(f.email)}, ${q(f.name)}, ${q(f.company)}, ${q(f.app)}, ${q(f.status)}, ${q(f.lostReason)}, ${f.owned ? adminId : "NULL"}, ${due ?? "NULL"}, ${q(f.submissions[0].form)}, ${q(last.form)}, ${times[0]}, ${times.at(-1)}, ${times.at(-1)});`,
      ...f.submissions.flatMap((s, k) => submission(q, f, s, personId, `seed-${s.form}-${i}-${k}`, times[k])),
      ...(f.events ?? []).map(
        (e, k) =>
          `INSERT OR IGNORE INTO person_events (id, person_id, kind, from_value, to_value, detail, actor, created_at) VALUES (${q(`${personId}-event-${k}`)}, ${q(personId)}, ${q(e.kind)}, ${q(e.from)}, ${q(e.to)}, ${q(e.detail)}, ${q(admin)}, ${now - e.ago});`,
      ),
      ...(f.note
        ? [
            `INSERT OR IGNORE INTO person_notes (id, person_id, author_id, author_email, body, created_at, updated_at) SELECT ${q(`${personId}-note`)}, ${q(personId)}, id, email, ${q(f.note)}, ${now - 6 * DAY}, ${now - 6 * DAY} FROM users WHERE email = ${q(admin)};`,
          ]
        : []),
    ];
  });
}
