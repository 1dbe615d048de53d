/**
 * The source of every submission (ADR 0022): a form post records its visit's channel, referrer host, UTM values,
 * landing page and form page on its person link, and a person keeps the first source they came with. Without
 * JavaScript the site knows the form page (the POST's Referer) and the page before it (the "came from" field the
 * page carried); every value is untrusted and dropped when it does not fit.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { erasePersonalData, exportPersonalData } from "~/features/privacy/privacy.server";
import { confirmSubscription } from "~/features/lead-capture/newsletter.server";
import { sha256Hex } from "~/lib/crypto.server";
import Papa from "papaparse";
import { get, signedInAdmin } from "./admin-helpers";
import { all, envLosingAnswers, ORIGIN, postForm, recordingEnv, request } from "./helpers";
import { answers } from "./onboarding-answers";

const uid = () => crypto.randomUUID().slice(0, 8);

type Link = {
  channel: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  landing_page: string | null;
  form_page: string | null;
};

const links = (email: string) =>
  all<Link>(
    `SELECT s.channel, s.referrer_host, s.utm_source, s.utm_medium, s.utm_campaign, s.landing_page, s.form_page
     FROM person_submissions s JOIN people p ON p.id = s.person_id WHERE p.email = ? ORDER BY s.created_at`,
    email,
  );
const firstSource = (email: string) =>
  all(
    `SELECT first_channel, first_referrer_host, first_utm_source, first_utm_medium, first_utm_campaign, first_landing_page
     FROM people WHERE email = ?`,
    email,
  );

const contact = (email: string, extra: Record<string, string> = {}) => ({
  name: "Ada Lovelace",
  email,
  company: "Analytical Apps",
  message: "We'd like 50 leads a month for our upsell app.",
  redirectTo: "/contact",
  ...extra,
});

/** The value of the page's "came from" field, as a browser would send it (entities decoded). */
async function cameFromOf(res: Response): Promise<string> {
  const html = await res.text();
  const match = /<input type="hidden" name="_came_from" value="([^"]*)"/.exec(html);
  if (!match) throw new Error("No came-from field on the page");
  return match[1]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

describe("the source of a submission", () => {
  it("stores the campaign of a form sent from its campaign landing page (the Referer's query)", async () => {
    const email = `landing-${uid()}@example.com`;
    const res = await postForm("/contact", contact(email), {
      headers: { Referer: `${ORIGIN}/contact?utm_source=newsletter&utm_medium=banner&utm_campaign=launch&fbclid=abc` },
    });
    expect(res.status).toBe(302);
    expect(await links(email)).toEqual([
      {
        channel: "campaign",
        referrer_host: null,
        utm_source: "newsletter",
        utm_medium: "banner",
        utm_campaign: "launch",
        landing_page: "/contact",
        form_page: "/contact",
      },
    ]);
    expect(await firstSource(email)).toEqual([
      {
        first_channel: "campaign",
        first_referrer_host: null,
        first_utm_source: "newsletter",
        first_utm_medium: "banner",
        first_utm_campaign: "launch",
        first_landing_page: "/contact",
      },
    ]);
  });

  it("every public form on the pages carries the source fields next to its bot check", async () => {
    for (const path of [
      "/",
      "/contact",
      "/playbooks/premium",
      "/shopify-app-marketing-checklist",
      "/Shopify-App-Launch-and-Scaling-Playbook",
    ]) {
      const html = await (await request(path)).text();
      const forms = html
        .split("<form")
        .slice(1)
        .map((f) => f.slice(0, f.indexOf("</form>")));
      const guarded = forms.filter((f) => f.includes('name="_stamp"'));
      expect(guarded.length, path).toBeGreaterThan(0);
      for (const form of guarded) expect(form, path).toContain('name="_came_from"');
    }
  });

  it("stores the campaign of a form one click away from a utm landing, without JavaScript (Referer chain)", async () => {
    const email = `click-${uid()}@example.com`;
    // The visitor lands on the blog from a campaign link, then follows a link to the contact page.
    const page = await request("/contact", { headers: { Referer: `${ORIGIN}/blog?utm_source=newsletter&utm_campaign=launch` } });
    expect(page.status).toBe(200);
    const cameFrom = await cameFromOf(page);
    expect(cameFrom).toBe("/blog?utm_source=newsletter&utm_campaign=launch");
    const res = await postForm("/contact", contact(email, { _came_from: cameFrom }), { headers: { Referer: `${ORIGIN}/contact` } });
    expect(res.status).toBe(302);
    expect(await links(email)).toEqual([
      {
        channel: "campaign",
        referrer_host: null,
        utm_source: "newsletter",
        utm_medium: null,
        utm_campaign: "launch",
        landing_page: "/blog",
        form_page: "/contact",
      },
    ]);
  });

  it("a newsletter sign-up keeps its source until the confirmation, which links the person with it", async () => {
    const email = `reader-${uid()}@example.com`;
    const campaign = `digest-${uid()}`;
    const signup = await postForm(
      "/newsletter",
      { email, redirectTo: "/", _came_from: `/blog?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}` },
      { headers: { Referer: `${ORIGIN}/newsletter` }, testEnv: recordingEnv().env },
    );
    expect(signup.status).toBe(302);
    const [row] = await all<{ id: string; signup_source: string }>(
      "SELECT id, signup_source FROM newsletter_subscribers WHERE email = ?",
      email,
    );
    expect(JSON.parse(row!.signup_source)).toMatchObject({
      channel: "email",
      utmCampaign: campaign,
      landingPage: "/blog",
      formPage: "/newsletter",
    });
    // The confirmation (a POST of the emailed link, no visit of its own) links the person with the sign-up's source.
    // The emailed link's token is sealed in the outbox: a token of the test's own stands in for it.
    const token = crypto.randomUUID().replaceAll("-", "");
    await env.DB.prepare("UPDATE newsletter_subscribers SET confirm_token_hash = ?2 WHERE id = ?1")
      .bind(row!.id, await sha256Hex(token))
      .run();
    expect(await confirmSubscription(env, token)).toBe("confirmed");
    expect(await links(email)).toEqual([
      {
        channel: "email",
        referrer_host: null,
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: campaign,
        landing_page: "/blog",
        form_page: "/newsletter",
      },
    ]);
    expect(await firstSource(email)).toMatchObject([{ first_channel: "email", first_utm_campaign: campaign }]);
  });

  it("the onboarding wizard carries the page before it through its steps, to the stored submission", async () => {
    const email = `wizard-${uid()}@example.com`;
    const page = await request("/onboarding", { headers: { Referer: `${ORIGIN}/?utm_source=newsletter&utm_campaign=launch` } });
    const cameFrom = await cameFromOf(page);
    expect(cameFrom).toBe("/?utm_source=newsletter&utm_campaign=launch");
    // A step's answer page (its Referer is the wizard) still carries the landing page forward.
    const step = await postForm("/onboarding", { ...answers(email), step: "1", intent: "next", _came_from: cameFrom });
    expect(await cameFromOf(step)).toBe(cameFrom);
    const res = await postForm(
      "/onboarding",
      { ...answers(email), step: "4", intent: "submit", _came_from: cameFrom },
      { headers: { Referer: `${ORIGIN}/onboarding` } },
    );
    expect(res.status).toBe(302);
    expect(await links(email)).toEqual([
      expect.objectContaining({
        channel: "campaign",
        utm_source: "newsletter",
        utm_campaign: "launch",
        landing_page: "/",
        form_page: "/onboarding",
      }),
    ]);
  });

  it("keeps only the host of another site, never its URL", async () => {
    const email = `search-${uid()}@example.com`;
    const page = await request("/contact", { headers: { Referer: "https://www.google.com/search?q=secret+founder+words" } });
    const cameFrom = await cameFromOf(page);
    expect(cameFrom).toBe("www.google.com");
    // A browser (or a bot) that posts a full URL in the field, or an external Referer, stores no URL either.
    await postForm("/contact", contact(email, { _came_from: cameFrom }), { headers: { Referer: `${ORIGIN}/contact` } });
    await postForm("/contact", contact(email, { _came_from: "https://www.google.com/search?q=secret+founder+words" }), {
      headers: { Referer: "https://www.google.com/search?q=secret+founder+words" },
    });
    const stored = await links(email);
    expect(stored.map((l) => [l.channel, l.referrer_host])).toEqual([
      ["organic_search", "www.google.com"],
      ["direct", null],
    ]);
    const text = JSON.stringify(
      await all("SELECT * FROM person_submissions s JOIN people p ON p.id = s.person_id WHERE p.email = ?", email),
    );
    expect(text).not.toContain("secret");
    expect(text).not.toContain("https://");
  });

  it("with JavaScript, takes the landing page and referrer host the tab kept", async () => {
    const email = `js-${uid()}@example.com`;
    await postForm(
      "/contact",
      contact(email, { _js: "1", _came_from: "t.co", _landing: "/guides/launch?utm_medium=social&utm_source=x" }),
      {
        headers: { Referer: `${ORIGIN}/contact` },
      },
    );
    expect(await links(email)).toEqual([
      {
        channel: "social",
        referrer_host: "t.co",
        utm_source: "x",
        utm_medium: "social",
        utm_campaign: null,
        landing_page: "/guides/launch",
        form_page: "/contact",
      },
    ]);
  });

  it("keeps a person's first source when a later submission has another", async () => {
    const email = `first-${uid()}@example.com`;
    await postForm("/contact", contact(email), { headers: { Referer: `${ORIGIN}/contact?utm_campaign=first-touch` } });
    await postForm(
      "/playbooks/premium",
      { firstName: "Ada", email, company: "Analytical Apps", accessTiming: "this-week", redirectTo: "/playbooks" },
      {
        headers: { Referer: `${ORIGIN}/playbooks/premium?utm_campaign=second-touch&utm_medium=email` },
      },
    );
    expect((await links(email)).map((l) => [l.channel, l.utm_campaign])).toEqual([
      ["campaign", "first-touch"],
      ["email", "second-touch"],
    ]);
    expect(await firstSource(email)).toEqual([expect.objectContaining({ first_channel: "campaign", first_utm_campaign: "first-touch" })]);
  });

  it("a store retried after a lost answer keeps one link with its source", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const email = `retry-${uid()}@example.com`;
    const losing = envLosingAnswers(1);
    const rec = recordingEnv({ DB: losing.env.DB });
    const res = await postForm("/contact", contact(email), {
      testEnv: rec.env,
      headers: { Referer: `${ORIGIN}/contact?utm_campaign=retried` },
    });
    expect(res.status).toBe(302);
    expect(losing.calls()).toBeGreaterThanOrEqual(1);
    expect((await links(email)).map((l) => l.utm_campaign)).toEqual(["retried"]);
    expect(await firstSource(email)).toEqual([expect.objectContaining({ first_utm_campaign: "retried" })]);
  });

  it("drops junk, oversized and HTML source fields without refusing the form", async () => {
    const email = `junk-${uid()}@example.com`;
    const res = await postForm(
      "/contact",
      contact(email, {
        _came_from: "<script>alert(1)</script>",
        _landing: `/${"x".repeat(5000)}?utm_campaign=huge`,
      }),
      { headers: { Referer: `${ORIGIN}/contact?utm_campaign=${"c".repeat(300)}&utm_source=%3Cb%3Ebold%3C%2Fb%3E` } },
    );
    expect(res.status).toBe(302);
    expect(await links(email)).toEqual([
      {
        channel: "campaign",
        referrer_host: null,
        // HTML is only text, kept as typed (and escaped wherever it is shown); values are capped at 100.
        utm_source: "<b>bold</b>",
        utm_medium: null,
        utm_campaign: "c".repeat(100),
        landing_page: "/contact",
        form_page: "/contact",
      },
    ]);

    const other = `junk2-${uid()}@example.com`;
    const again = await postForm(
      "/contact",
      contact(other, { _came_from: "//evil.example/x", _landing: "https://evil.example/?utm_campaign=x" }),
    );
    expect(again.status).toBe(302);
    expect(await links(other)).toEqual([
      {
        channel: "direct",
        referrer_host: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        landing_page: null,
        form_page: null,
      },
    ]);
  });

  it("joins the personal data: the export shows the sources, the erasure removes them", async () => {
    const email = `privacy-${uid()}@example.com`;
    await postForm("/contact", contact(email, { _came_from: "news.ycombinator.com" }), {
      headers: { Referer: `${ORIGIN}/contact?utm_campaign=privacy-check` },
    });
    const actor = { email: "admin@example.com" };
    const exported = await exportPersonalData(env, email, actor);
    expect(exported.tables.people!.rows).toEqual([
      expect.objectContaining({
        first_channel: "campaign",
        first_referrer_host: "news.ycombinator.com",
        first_utm_campaign: "privacy-check",
      }),
    ]);
    expect(exported.tables.person_submissions!.rows).toEqual([
      expect.objectContaining({ referrer_host: "news.ycombinator.com", utm_campaign: "privacy-check", landing_page: "/contact" }),
    ]);
    await erasePersonalData(env, email, crypto.randomUUID(), actor);
    expect(await firstSource(email)).toEqual([]);
    expect(
      await all("SELECT 1 FROM person_submissions WHERE utm_campaign = 'privacy-check' AND referrer_host = 'news.ycombinator.com'"),
    ).toEqual([]);
  });
});

describe("a person's first source in the dashboard", () => {
  it("shows on the person page, filters the Leads list by channel and campaign (a GET form), and fills the CSV's columns", async () => {
    const admin = await signedInAdmin();
    const tag = uid();
    const campaign = `launch-${tag}`;
    const emails = { launch: `launch-${tag}@example.com`, search: `search-${tag}@example.com`, other: `other-${tag}@example.com` };
    await postForm("/contact", contact(emails.launch), {
      headers: { Referer: `${ORIGIN}/contact?utm_source=newsletter&utm_campaign=${campaign}&utm_medium=<b>x</b>` },
    });
    await postForm("/contact", contact(emails.search, { _came_from: "www.bing.com" }), { headers: { Referer: `${ORIGIN}/contact` } });
    await postForm("/contact", contact(emails.other, { _landing: `/blog?utm_campaign=other-${tag}` }));

    const listed = async (query: string) => {
      const html = (await (await get(`/admin/dashboard/leads?q=${tag}${query}`, admin.cookie)).text()).replaceAll("<wbr/>", "");
      return Object.values(emails).filter((e) => html.includes(e));
    };
    expect(await listed("")).toHaveLength(3);
    expect(await listed(`&campaign=${campaign}`)).toEqual([emails.launch]);
    expect(await listed("&channel=organic_search")).toEqual([emails.search]);
    expect(await listed("&channel=campaign")).toEqual([emails.launch, emails.other]);
    expect(await listed(`&channel=organic_search&campaign=${campaign}`)).toEqual([]);
    // A channel that is not one is no filter; the form offers the channels.
    expect(await listed("&channel=%3Cscript%3E")).toHaveLength(3);
    const page = await (await get(`/admin/dashboard/leads?q=${tag}`, admin.cookie)).text();
    expect(page).toMatch(
      /<form method="get"[^>]*>[\s\S]*name="channel"[\s\S]*<option value="paid_search">Paid search<\/option>[\s\S]*name="campaign"/,
    );

    const csv = await get(`/admin/leads.csv?q=${tag}&campaign=${campaign}`, admin.cookie);
    const rows = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const header = rows[0]!;
    expect(header.slice(-5)).toEqual(["First source", "First referrer", "First UTM source", "First campaign", "First landing page"]);
    expect(rows.slice(1).map((r) => [r[0], ...r.slice(-5)])).toEqual([[emails.launch, "Campaign", "", "newsletter", campaign, "/contact"]]);

    const [person] = await all<{ id: string }>("SELECT id FROM people WHERE email = ?", emails.launch);
    const detail = await (await get(`/admin/dashboard/leads/${person!.id}`, admin.cookie)).text();
    expect(detail).toContain('data-testid="person-first-source">Campaign<');
    expect(detail).toContain(`data-testid="person-campaign">${campaign} · newsletter · &lt;b&gt;x&lt;/b&gt;<`);
    expect(detail).toContain('data-testid="person-landing-page">/contact<');
    expect(detail).not.toContain("<b>x</b>");
  });
});
