// Demo newsletter broadcasts (ADR 0025): one sent six days ago with its figures (emails sent, one skipped for a hard
// bounce, one unsubscribe it caused, clicks by people and one by a link scanner) and its web version, and a draft made
// from a blog post, so a fresh `npm start` shows the broadcasts' pages, their stats and the person page's Newsletter
// block (Lena Fischer received it and clicked; Ravi Shah's address is suppressed). Ids are fixed (INSERT OR IGNORE).
import { seedPosts } from "./seed-blog.mjs";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The local SITE_URL (wrangler.toml's [vars]): a click is stored with the broadcast's absolute link. */
const SITE = "http://localhost:8787";
const SENT = "seed-broadcast-sent";
const DRAFT = "seed-broadcast-draft";
const SUPPRESSED = "Not sent: the address is suppressed (a hard bounce or a complaint)";

const readers = [
  // [subscriber id, address, what happened]
  ["seed-reader-lena", "lena@stockpilot.example", "sent"],
  ["seed-reader-1", "ines@shopfront.example", "sent"],
  ["seed-reader-2", "marco@tinytees.example", "sent"],
  ["seed-reader-3", "noor@brewbox.example", "sent"],
  ["seed-reader-4", "oskar@ferncraft.example", "unsubscribed"],
  ["seed-reader-ravi", "ravi@pixelpage.example", "suppressed"],
];

/** The SQL of the demo broadcasts; `q` quotes a value, `admin` is the demo admin's email. */
export function seedBroadcasts(q, admin, now = Date.now()) {
  const guide = seedPosts[1];
  const sections = [
    { type: "paragraph", text: `Pricing came up in every call this month, so we wrote it down: [${guide.title}](/blog/${guide.slug}).` },
    {
      type: "list",
      items: ["Show the price on the listing", "Offer a trial that ends with a decision", "Raise prices for new installs first"],
      ordered: false,
    },
    { type: "paragraph", text: "And the app we keep recommending: [Loopcart Upsell](https://apps.shopify.com/loopcart-upsell)." },
  ];
  const links = [`${SITE}/blog/${guide.slug}`, "https://apps.shopify.com/loopcart-upsell"];
  const started = now - 6 * DAY;
  const sentAt = started + 5 * 60_000;
  const statements = [
    `INSERT OR IGNORE INTO broadcasts (id, slug, subject, preheader, post_id, title, intro, sections, post_slug, segment, web_version, status, started_at, recipient_count, fanout_done_at, progress_at, finished_at, created_by, created_at, updated_at) VALUES (${q(SENT)}, 'growth-notes-october-seed01', 'Growth notes: October', 'Pricing, trials and one app we like', NULL, 'Pricing came up in every call', 'A short note from the team on what worked in October.', ${q(JSON.stringify(sections))}, NULL, '{}', 1, 'sent', ${started}, ${readers.length}, ${started + 60_000}, ${started + 60_000}, ${started + 10 * 60_000}, ${q(admin)}, ${started - DAY}, ${started + 10 * 60_000});`,
    `INSERT OR IGNORE INTO broadcasts (id, slug, subject, preheader, post_id, title, intro, sections, segment, web_version, status, created_by, created_at, updated_at) VALUES (${q(DRAFT)}, 'growth-notes-november-seed02', 'Growth notes: November', 'Your first 100 installs', 'seed-blog-0', '', '', '[]', '{}', 0, 'draft', ${q(admin)}, ${now - HOUR}, ${now - HOUR});`,
    `INSERT OR IGNORE INTO email_suppressions (email, reason, detail, created_at) VALUES ('ravi@pixelpage.example', 'hard-bounce', '5.1.1 The email account that you tried to reach does not exist', ${started - 2 * DAY});`,
  ];
  for (const [id, email, fate] of readers) {
    const unsubscribed = fate === "unsubscribed";
    statements.push(
      `INSERT OR IGNORE INTO newsletter_subscribers (id, email, created_at, status, requested_at, confirmed_at, unsubscribed_at) VALUES (${q(id)}, ${q(email)}, ${started - 30 * DAY}, ${q(unsubscribed ? "unsubscribed" : "confirmed")}, ${started - 30 * DAY}, ${started - 30 * DAY + HOUR}, ${unsubscribed ? sentAt + DAY : "NULL"});`,
      `INSERT OR IGNORE INTO email_outbox (id, kind, recipient, subject, payload, status, attempts, last_error, next_attempt_at, created_at, sent_at, channel, broadcast_id) VALUES (${q(`b-${SENT}-${id}`)}, 'broadcast', ${q(email)}, 'Growth notes: October', ${q(JSON.stringify({ broadcastId: SENT }))}, ${q(fate === "suppressed" ? "skipped" : "sent")}, 1, ${fate === "suppressed" ? q(SUPPRESSED) : "NULL"}, ${started}, ${started}, ${fate === "suppressed" ? "NULL" : sentAt}, 'email', ${q(SENT)});`,
    );
  }
  const clicks = [
    // [address, link, human clicks, scanner clicks, minutes after sending]
    ["lena@stockpilot.example", links[0], 2, 0, 90],
    ["lena@stockpilot.example", links[1], 1, 0, 95],
    ["ines@shopfront.example", links[0], 1, 0, 600],
    // A mail gateway opened both of Marco's links seconds after delivery; he did not click.
    ["marco@tinytees.example", links[0], 0, 1, 0],
    ["marco@tinytees.example", links[1], 0, 1, 0],
  ];
  for (const [email, url, humans, bots, after] of clicks) {
    const at = sentAt + after * 60_000 + 3_000;
    statements.push(
      `INSERT OR IGNORE INTO broadcast_clicks (broadcast_id, url, recipient, human_clicks, bot_clicks, first_clicked_at, last_clicked_at) VALUES (${q(SENT)}, ${q(url)}, ${q(email)}, ${humans}, ${bots}, ${at}, ${at});`,
    );
  }
  return statements;
}
