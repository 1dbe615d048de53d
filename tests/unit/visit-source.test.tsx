/** The channel rules of a visit and the sanitising of what a browser says about its source (ADR 0022). */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderEmail } from "~/email/render.server";
import { defineEmailTemplate } from "~/email/template";
import {
  cameFromReferer,
  classifyChannel,
  cleanHost,
  cleanSitePath,
  cleanUtm,
  emailLink,
  storedPage,
  submissionSource,
} from "~/lib/visit-source";

const SITE = "https://founderleads.test";
const channel = (query: string, referrerHost: string | null = null) =>
  classifyChannel({ query: new URLSearchParams(query), referrerHost, siteHost: "founderleads.test" });

describe("classifyChannel", () => {
  it("reads email, paid, social and organic from utm_medium, whatever its case", () => {
    expect(channel("utm_medium=email&utm_source=digest")).toBe("email");
    expect(channel("utm_medium=Newsletter")).toBe("email");
    expect(channel("utm_medium=cpc&utm_source=google")).toBe("paid_search");
    expect(channel("utm_medium=PPC")).toBe("paid_search");
    expect(channel("utm_medium=paid")).toBe("paid_search");
    expect(channel("utm_medium=social&utm_source=linkedin")).toBe("social");
    expect(channel("utm_medium=organic")).toBe("organic_search");
  });

  it("counts a search-ad click id as paid search, and a social click id as social", () => {
    expect(channel("gclid=abc")).toBe("paid_search");
    expect(channel("msclkid=abc", "www.bing.com")).toBe("paid_search");
    expect(channel("fbclid=abc", "l.facebook.com")).toBe("social");
  });

  it("counts UTM values without a known medium as a campaign, ahead of the referrer", () => {
    expect(channel("utm_source=newsletter&utm_campaign=launch")).toBe("campaign");
    expect(channel("utm_campaign=spring", "www.google.com")).toBe("campaign");
    expect(channel("utm_medium=banner")).toBe("campaign");
    expect(channel("utm_source=%20%20")).toBe("direct");
  });

  it("classifies the referrer's host: search, social, webmail, the site itself, any other", () => {
    expect(channel("", "www.google.com")).toBe("organic_search");
    expect(channel("", "google.co.uk")).toBe("organic_search");
    expect(channel("", "duckduckgo.com")).toBe("organic_search");
    expect(channel("", "search.brave.com")).toBe("organic_search");
    expect(channel("", "t.co")).toBe("social");
    expect(channel("", "www.linkedin.com")).toBe("social");
    expect(channel("", "news.ycombinator.com")).toBe("social");
    expect(channel("", "mail.google.com")).toBe("email");
    expect(channel("", "www.founderleads.test")).toBe("direct");
    expect(channel("", "apps.shopify.com")).toBe("referral");
    expect(channel("", "googleusercontent.example")).toBe("referral");
  });

  it("is direct with nothing at all", () => {
    expect(channel("")).toBe("direct");
    expect(channel("page=2")).toBe("direct");
  });
});

describe("the values a browser sends", () => {
  it("trims and caps UTM values, and drops what is not text or absurdly long", () => {
    expect(cleanUtm("  launch\n2026  ")).toBe("launch 2026");
    expect(cleanUtm("x".repeat(150))).toBe("x".repeat(100));
    expect(cleanUtm("x".repeat(5000))).toBeNull();
    expect(cleanUtm(42)).toBeNull();
    expect(cleanUtm("")).toBeNull();
  });

  it("keeps a host name only", () => {
    expect(cleanHost("WWW.Google.com")).toBe("www.google.com");
    expect(cleanHost("https://www.google.com/search?q=x")).toBeNull();
    expect(cleanHost("<script>alert(1)</script>")).toBeNull();
    expect(cleanHost("a".repeat(300))).toBeNull();
  });

  it("keeps a same-site path only", () => {
    expect(cleanSitePath("/blog/post?utm_source=x")).toBe("/blog/post?utm_source=x");
    expect(cleanSitePath("//evil.example/x")).toBeNull();
    expect(cleanSitePath("/\\evil.example")).toBeNull();
    expect(cleanSitePath("https://evil.example/")).toBeNull();
    expect(cleanSitePath("/a b")).toBeNull();
    expect(cleanSitePath(`/${"a".repeat(3000)}`)).toBeNull();
  });

  it("stores a page without its tracking parameters, capped", () => {
    expect(storedPage("/?utm_source=newsletter&utm_campaign=launch&gclid=1")).toBe("/");
    expect(storedPage("/blog?page=2&fbclid=x")).toBe("/blog?page=2");
    expect(storedPage(`/a?q=${"x".repeat(400)}`)).toBe("/a");
    expect(storedPage(null)).toBeNull();
  });

  it("turns a page request's Referer into a same-site path or a bare host, never another site's URL", () => {
    expect(cameFromReferer(`${SITE}/?utm_source=newsletter`, SITE)).toBe("/?utm_source=newsletter");
    expect(cameFromReferer("https://www.google.com/search?q=shopify+leads", SITE)).toBe("www.google.com");
    expect(cameFromReferer("javascript:alert(1)", SITE)).toBe("");
    expect(cameFromReferer("not a url", SITE)).toBe("");
    expect(cameFromReferer(null, SITE)).toBe("");
  });
});

describe("submissionSource", () => {
  it("takes the campaign from the form page's own query (the form on a campaign landing page)", () => {
    const source = submissionSource({
      referer: `${SITE}/?utm_source=newsletter&utm_campaign=launch`,
      cameFrom: "",
      landing: null,
      siteOrigin: SITE,
    });
    expect(source).toEqual({
      channel: "campaign",
      referrerHost: null,
      utmSource: "newsletter",
      utmMedium: null,
      utmCampaign: "launch",
      landingPage: "/",
      formPage: "/",
    });
  });

  it("takes the landing page from the page before the form (one click away, no JavaScript)", () => {
    const source = submissionSource({
      referer: `${SITE}/contact`,
      cameFrom: "/blog/post?utm_source=newsletter&utm_campaign=launch",
      landing: "",
      siteOrigin: SITE,
    });
    expect(source).toMatchObject({ channel: "campaign", utmCampaign: "launch", landingPage: "/blog/post", formPage: "/contact" });
  });

  it("prefers the landing page the browser kept, with the visit's referrer host", () => {
    const source = submissionSource({ referer: `${SITE}/contact`, cameFrom: "www.google.com", landing: "/guides/a", siteOrigin: SITE });
    expect(source).toMatchObject({
      channel: "organic_search",
      referrerHost: "www.google.com",
      landingPage: "/guides/a",
      formPage: "/contact",
    });
  });

  it("drops junk, HTML and another site's URLs, and falls back to the form's page", () => {
    const source = submissionSource({
      referer: "https://evil.example/x?utm_campaign=no",
      cameFrom: "<b>https://evil.example/path</b>",
      landing: "https://evil.example/?utm_campaign=no",
      siteOrigin: SITE,
    });
    expect(source).toEqual({
      channel: "direct",
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      landingPage: null,
      formPage: null,
    });
  });
});

describe("emailLink", () => {
  it("tags links to the site with the email's kind, and leaves other links alone", () => {
    expect(emailLink(`${SITE}/guides/a?x=1`, SITE, "lead_magnet")).toBe(`${SITE}/guides/a?x=1&utm_medium=email&utm_source=lead_magnet`);
    expect(emailLink("https://calendly.com/x", SITE, "lead_magnet")).toBe("https://calendly.com/x");
    expect(emailLink(`${SITE}/admin/dashboard/leads/1`, SITE, "contact-notice")).toBe(`${SITE}/admin/dashboard/leads/1`);
    expect(emailLink(`${SITE}/unsubscribe/newsletter.abc`, SITE, "newsletter")).toBe(`${SITE}/unsubscribe/newsletter.abc`);
  });

  const template = (extra: { campaignLinks?: false }) =>
    defineEmailTemplate({
      kind: "premium-requester",
      schema: z.object({}),
      subject: () => "Hello",
      preview: () => "Hello",
      html: (_p, ctx) => (
        <p>
          <a href={`${ctx.siteUrl}/contact?x=1&y=2`}>write to us</a> <a href="https://calendly.com/x">book</a>
          <a href={`${ctx.siteUrl}/admin/dashboard`}>dashboard</a>
        </p>
      ),
      text: (_p, ctx) => `Write to us: ${ctx.siteUrl}/contact.\nBook: https://calendly.com/x`,
      ...extra,
    });
  const ctx = { siteUrl: SITE, contactEmail: "hello@founderleads.test" };

  it("tags the links of a rendered email to the site's pages, in its HTML and its text, in one place", () => {
    const email = renderEmail(template({}), {}, ctx);
    expect(email.html).toContain(`href="${SITE}/contact?x=1&amp;y=2&amp;utm_medium=email&amp;utm_source=premium-requester"`);
    expect(email.html).toContain('href="https://calendly.com/x"');
    expect(email.html).toContain(`href="${SITE}/admin/dashboard"`);
    expect(email.text).toBe(`Write to us: ${SITE}/contact?utm_medium=email&utm_source=premium-requester.\nBook: https://calendly.com/x`);
  });

  it("leaves the links of an email that opts out (the team's digest) as they are", () => {
    const email = renderEmail(template({ campaignLinks: false }), {}, ctx);
    expect(email.html).toContain(`href="${SITE}/contact?x=1&amp;y=2"`);
    expect(email.text).toBe(`Write to us: ${SITE}/contact.\nBook: https://calendly.com/x`);
  });
});
