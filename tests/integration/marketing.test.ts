import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { rememberVisitorEmail } from "~/lib/visitor.server";
import { personRef } from "~/features/meetings/person-ref.server";
import * as make from "../factories";
import { all, burstUntilRefused, cookieFrom, freshIp, postForm, purgeEdge, recordingEnv, request } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);

async function insertPage(slug: string, title: string, published: boolean, content: unknown) {
  await make.page.create(env.DB, {
    slug,
    title,
    metaDescription: `${title} meta`,
    content: JSON.stringify(content),
    isPublished: published,
  });
}

describe("legal and company pages from the pages table", () => {
  it("renders a published page by its slug, with its meta", async () => {
    const slug = `about-${uid()}`;
    await insertPage(slug, "About Founder Leads", true, { paragraphs: ["We find merchants <b>ready</b> to buy."] });
    const res = await request(`/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toContain("About Founder Leads");
    expect(html).toContain("We find merchants &lt;b&gt;ready&lt;/b&gt; to buy.");
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8787/${slug}"/>`);
    expect(html).toContain('<meta name="description" content="About Founder Leads meta"/>');
  });

  it("answers an unpublished or unknown slug with 404 and the not-found page", async () => {
    const slug = `draft-${uid()}`;
    await insertPage(slug, "Draft", false, "Not yet");
    for (const path of [`/${slug}`, `/no-such-${uid()}`]) {
      const res = await request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Oops! Page not found");
    }
  });
});

describe("home page", () => {
  it("shows the home-announcement content block above the hero, escaped", async () => {
    await make.contentBlock.replace(env.DB, {
      name: "home-announcement",
      type: "banner",
      content: JSON.stringify({ text: "New: <i>Scaling</i> cohort opens Monday" }),
    });
    const html = await (await request("/")).text();
    expect(html).toContain("New: &lt;i&gt;Scaling&lt;/i&gt; cohort opens Monday");
    expect(html.indexOf("cohort opens Monday")).toBeLessThan(html.indexOf("Merchants ready to install"));
    await env.DB.prepare("DELETE FROM content_blocks WHERE name = 'home-announcement'").run();
    await purgeEdge("blocks");
    expect(await (await request("/")).text()).not.toContain("cohort opens Monday");
  });

  it("shows a block or page whose content is raw text, not JSON", async () => {
    await make.contentBlock.replace(env.DB, { name: "home-announcement", type: "banner", content: "Plain text { not json" });
    const home = await request("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Plain text { not json");
    await env.DB.prepare("DELETE FROM content_blocks WHERE name = 'home-announcement'").run();
    const slug = `raw-${uid()}`;
    await make.page.create(env.DB, { slug, title: "Raw", content: "First.\n\nSecond {", isPublished: true });
    const page = await (await request(`/${slug}`)).text();
    expect(page).toContain("<p>First.</p>");
    expect(page).toContain("<p>Second {</p>");
  });

  it("has the sections in the spec's order, with their anchors", async () => {
    const html = await (await request("/")).text();
    const order = ['id="how-it-works"', 'id="roi-calculator"', 'id="testimonials"', 'id="pricing"', 'id="contact"', 'id="game-waitlist"'];
    const positions = order.map((a) => html.indexOf(a));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toMatch(/5\.0<\/span>|>5\.0</);
    expect(html).toContain("+$4K MRR in 30 days");
    expect(html).toContain("23 spots left");
    expect(html).toMatch(/<s class="[^"]*"><span class="sr-only">was <\/span>\$299<\/s>/);
    expect(html.match(/href="\/onboarding"/g)!.length).toBeGreaterThanOrEqual(4);
    // Three benefit cards whose 'Learn more →' go to /contact.
    expect(
      html.match(/href="\/contact"[^>]*>Learn more<span class="sr-only"> about [^<]+<\/span><span aria-hidden="true">→<\/span>/g),
    ).toHaveLength(3);
  });

  it("computes the ROI for the query string, without JavaScript", async () => {
    const res = await request("/?arpu=299&leads=20&closeRate=25");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("$1,495"); // 299 × 20 × 25%
    expect(html).toContain("$9,717.50"); // 50 × 65% × 299
    expect(html).toContain("$8,222.50");
    expect(html).toMatch(/name="arpu"[^>]*value="299"|value="299"[^>]*name="arpu"/);
  });

  it("answers impossible ROI values with 400 and a clear message", async () => {
    const cases: [string, string][] = [
      ["arpu=299&leads=20&closeRate=-5", "Close rate can&#x27;t be negative"],
      ["arpu=299&leads=20&closeRate=150", "Close rate must be between 0 and 100"],
      ["arpu=abc&leads=20&closeRate=25", "Enter your monthly ARPU as a number"],
      ["arpu=99999999&leads=20&closeRate=25", "That your monthly ARPU looks too high"],
      ["arpu=299&leads=&closeRate=25", "Fill in all three values to calculate"],
    ];
    for (const [query, message] of cases) {
      const res = await request(`/?${query}`);
      expect(res.status, query).toBe(400);
      const html = await res.text();
      expect(html, query).toContain(message);
      expect(html).toContain("See Your Potential");
    }
  });
});

describe("contact form", () => {
  const valid = () => ({
    name: "Ada Lovelace",
    email: `ada-${uid()}@example.com`,
    company: "Analytical Apps",
    message: "We'd like 50 leads a month for our upsell app.",
    redirectTo: "/contact",
  });
  const rows = (email: string) =>
    all<{ name: string; company: string | null }>("SELECT name, company FROM contact_messages WHERE email = ?", email);

  it("stores the message, queues the notice to the team, and redirects with the toast", async () => {
    const rec = recordingEnv();
    const fields = valid();
    const res = await postForm("/contact", fields, { testEnv: rec.env });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/contact");
    expect(await rows(fields.email)).toEqual([{ name: "Ada Lovelace", company: "Analytical Apps" }]);
    const outbox = await all<{ id: string; kind: string; recipient: string }>(
      "SELECT id, kind, recipient FROM email_outbox WHERE json_extract(payload, '$.email') = ?",
      fields.email,
    );
    expect(outbox).toEqual([{ id: expect.any(String), kind: "contact-notice", recipient: env.NOTIFY_TO }]);
    expect(rec.messages).toEqual([{ outboxId: outbox[0]!.id }]);
    const page = await request("/contact", { headers: { Cookie: cookieFrom(res) } });
    expect(await page.text()).toContain("Message sent!");
  });

  it("keeps company optional", async () => {
    const fields = { ...valid(), company: "" };
    expect((await postForm("/contact", fields)).status).toBe(302);
    expect(await rows(fields.email)).toEqual([{ name: "Ada Lovelace", company: null }]);
  });

  it("answers bad input with 400, every message under its field, values kept, nothing stored", async () => {
    const email = `bad-${uid()}`;
    const res = await postForm("/contact", { name: "A", email, company: "x".repeat(101), message: "short", redirectTo: "/contact" });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const m of [
      "Please enter your name",
      "Please enter a valid email address",
      "Company must be less than 100 characters",
      "Please write at least 10 characters",
    ]) {
      expect(html).toContain(m);
    }
    expect(html).toContain(`value="${email}"`);
    expect(await rows(email)).toEqual([]);
  });

  it("stores nothing for a filled honeypot, and rate-limits a burst", async () => {
    const fields = valid();
    expect((await postForm("/contact", { ...fields, website_url: "x" })).status).toBe(302);
    expect(await rows(fields.email)).toEqual([]);
    const ip = freshIp();
    const { accepted } = await burstUntilRefused(() => postForm("/contact", valid(), { ip }), 5);
    expect(accepted).toBeGreaterThanOrEqual(5);
  });
});

describe("newsletter", () => {
  it("stores a sign-up once per email, unconfirmed, queues a confirmation email, and asks to confirm", async () => {
    const email = `news-${uid()}@example.com`;
    const rec = recordingEnv();
    const first = await postForm("/newsletter", { email: email.toUpperCase(), redirectTo: "/blog" }, { testEnv: rec.env });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/blog");
    expect(await all("SELECT email, status FROM newsletter_subscribers WHERE email = ?", email)).toEqual([{ email, status: "pending" }]);
    expect(rec.messages).toHaveLength(1);
    const [row] = await all<{ kind: string; recipient: string }>(
      "SELECT kind, recipient FROM email_outbox WHERE json_extract(payload, '$.email') = ?",
      email,
    );
    // Double opt-in: the welcome comes after the confirmation (tests/integration/newsletter.test.ts).
    expect(row).toEqual({ kind: "newsletter-confirm", recipient: email });
    const page = await request("/", { headers: { Cookie: cookieFrom(first) } });
    expect(await page.text()).toContain("Check your inbox and click the link to confirm your subscription.");
  });

  it("answers an empty email with 400 and the message", async () => {
    const res = await postForm("/newsletter", { email: " ", redirectTo: "/" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter your email");
  });
});

describe("lead-magnet popup form", () => {
  it("stores a submission with source and page, and queues the visitor's and the team's emails", async () => {
    const email = `lm-${uid()}@example.com`;
    const rec = recordingEnv();
    const res = await postForm(
      "/lead-magnet",
      { firstName: "Grace", email, appUrl: "https://apps.shopify.com/grace", page: "/saas-academy", redirectTo: "/saas-academy" },
      { testEnv: rec.env },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/saas-academy");
    expect(await all("SELECT first_name, app_url, source, page FROM lead_magnet_submissions WHERE email = ?", email)).toEqual([
      { first_name: "Grace", app_url: "https://apps.shopify.com/grace", source: "leadmagnet-popup", page: "/saas-academy" },
    ]);
    const outbox = await all<{ kind: string; recipient: string }>(
      "SELECT kind, recipient FROM email_outbox WHERE json_extract(payload, '$.email') = ? ORDER BY kind",
      email,
    );
    expect(outbox).toEqual([
      { kind: "leadmagnet-notice", recipient: env.NOTIFY_TO },
      { kind: "leadmagnet-visitor", recipient: email },
    ]);
    expect(rec.messages).toHaveLength(2);
  });

  it("gives the spec's messages, in the spec's order", async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{}, ["First name is required", "Email is required", "App URL is required"]],
      [
        { firstName: "G", email: "nope", appUrl: "apps.shopify.com/x" },
        ["Please enter your first name", "Enter a valid email", "Please enter a valid URL starting with https://"],
      ],
      [{ firstName: "Grace", email: "g@example.com", appUrl: "ftp://apps.shopify.com/x" }, ["URL must start with http/https"]],
    ];
    for (const [fields, messages] of cases) {
      const res = await postForm("/lead-magnet", { ...fields, redirectTo: "/" });
      expect(res.status).toBe(400);
      const html = await res.text();
      for (const m of messages) expect(html).toContain(m);
    }
  });
});

describe("booking and subscription pages", () => {
  it("prefills both booking pages' scheduler with the onboarding email, and the person's name and reference, even without JavaScript", async () => {
    const cookie = (await rememberVisitorEmail(env, "founder@example.com")).split(";")[0]!;
    const html = await (await request("/call-booking", { headers: { Cookie: cookie } })).text();
    expect(html).toMatch(
      /<iframe[^>]*title="Book a 30-minute strategy call"[^>]*src="https:\/\/calendly\.com\/founder-leads\/30min\?hide_gdpr_banner=1&amp;email=founder%40example\.com"/,
    );
    expect(html).toContain("h-[600px]");
    expect(html).toContain("Open the booking page");
    const anonymous = await (await request("/call-booking")).text();
    expect(anonymous).not.toContain("email=");
    const second = await (await request("/book-a-call", { headers: { Cookie: cookie } })).text();
    expect(second).toContain("Stop Struggling With Cold Outbound");
    expect(second).toContain("email=founder%40example.com");
    expect(await (await request("/book-a-call")).text()).not.toContain("email=");

    // A known person: their name, and their signed reference for Cal.com (metadata[ref]) and Calendly (utm_content).
    const person = await make.person.create(env.DB, {
      email: "named-founder@example.com",
      name: "Ada Founder",
      firstForm: "onboarding",
      lastForm: "onboarding",
    });
    const named = (await rememberVisitorEmail(env, "named-founder@example.com")).split(";")[0]!;
    const page = await (await request("/call-booking", { headers: { Cookie: named } })).text();
    const ref = await personRef(env, person.id);
    expect(page).toContain(`name=Ada+Founder&amp;email=named-founder%40example.com&amp;metadata%5Bref%5D=${ref}&amp;utm_content=${ref}`);
  });

  it("allows the payment provider's script on the subscription page only", async () => {
    const paypal = await request("/paypal-subscription");
    expect(paypal.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
    expect(paypal.headers.get("Content-Security-Policy")).toMatch(/script-src [^;]*https:\/\/www\.paypal\.com/);
    expect((await request("/")).headers.get("Content-Security-Policy")).not.toContain("paypal");
    // Not configured here: a clear message and a contact link instead of a dead button.
    const html = await paypal.text();
    expect(html).toContain("Online subscription is not available at the moment.");
    expect(html).toContain('href="/contact"');
    // A var changes with a deploy, whose build starts a new edge cache.
    await purgeEdge("site");
    const configured = await (
      await request("/paypal-subscription", {}, { ...env, PAYPAL_CLIENT_ID: "client-1", PAYPAL_PLAN_ID: "P-1" })
    ).text();
    expect(configured).not.toContain("Online subscription is not available");
    expect(configured).toContain("<noscript>");
  });
});

describe("SEO files", () => {
  it("lists the public routes and published pages in /sitemap.xml", async () => {
    const slug = `terms-${uid()}`;
    await insertPage(slug, "Terms", true, "Terms text");
    const res = await request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ["/", "/contact", "/call-booking", "/book-a-call", "/saas-academy", `/${slug}`]) {
      expect(xml).toContain(`<loc>http://localhost:8787${path}</loc>`);
    }
    expect(xml).not.toContain("/admin");
  });

  it("keeps crawlers out of the admin area in /robots.txt", async () => {
    const res = await request("/robots.txt");
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const txt = await res.text();
    expect(txt).toContain("Disallow: /admin");
    expect(txt).toContain("Disallow: /warm-leads");
    expect(txt).toContain("Sitemap: http://localhost:8787/sitemap.xml");
  });

  it("gives every marketing page a title, description, canonical link and Open Graph tags", async () => {
    for (const path of ["/", "/contact", "/call-booking", "/book-a-call", "/saas-academy", "/paypal-subscription"]) {
      const html = await (await request(path)).text();
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]+"\/>/);
      expect(html, path).toContain(`<link rel="canonical" href="http://localhost:8787${path}"/>`);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    }
    expect(await (await request("/")).text()).toContain('"@type":"Organization"');
  });
});
