/**
 * A newsletter broadcast, as an admin sends one, with JavaScript and without (in Honolulu's zone): make it from a
 * blog post for a segment of three subscribers (one campaign), see the count, preview the email at phone and desktop
 * width, send a test to oneself, send it; the queue delivers one email to each of the three, one of them
 * leaves with the email's one-click unsubscribe (RFC 8058: a POST to the List-Unsubscribe address, no cookies), and
 * another clicks the post's link through the site's redirect, and the broadcast's page shows 3 sent, 1 unsubscribe and
 * that click; the person who left shows it on their page.
 */
import { describe, expect, it } from "vitest";
import * as make from "../factories";
import { personPath } from "~/lib/paths";
import { createAdmin, newPage, signInToDashboard, useBrowser } from "./accounts";
import {
  BROWSER_USER_AGENT,
  baseUrl,
  emailsWithSubject,
  emailWithSubject,
  expectAccessible,
  modes,
  newContext,
  query,
  waitForHydration,
} from "./support";

useBrowser();

const figure = (id: string) => `[data-testid="figure-${id}"]`;

describe.each(modes)("broadcasts $name", ({ js }) => {
  it(
    "an admin sends a post to a segment of three; each gets one email whose one-click unsubscribe works, and the page counts it",
    { timeout: 240_000 },
    async () => {
      const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
      const campaign = `bc-${tag}`;
      const readers = [1, 2, 3].map((n) => `e2e-reader-${n}-${tag}@example.com`);
      const title = `Pricing that works ${tag}`;
      query(
        make.blog.sql({
          slug: `pricing-${tag}`,
          title,
          excerpt: "What ten founders learned.",
          content: [{ type: "paragraph", text: "Start with **value**, then test the price." }],
          isPublished: true,
          publishedAt: new Date(),
        }),
      );
      for (const email of readers) {
        query(make.newsletterSubscriber.sql({ email, status: "confirmed", confirmedAt: new Date() }));
        query(make.person.sql({ email, firstUtmCampaign: campaign, firstForm: "newsletter", lastForm: "newsletter" }));
      }
      const admin = await createAdmin(`broadcaster-${tag}`);
      const page = await newPage(js);
      await signInToDashboard(page, js, admin.email, admin.password);

      // The list, from the admin's navigation; a new broadcast from the post, for the campaign's subscribers.
      await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Broadcasts" }).click();
      await page.getByRole("heading", { name: "Broadcasts", level: 2 }).waitFor();
      await page.getByRole("link", { name: "New broadcast" }).click();
      await page.waitForURL(`${baseUrl}/admin/broadcasts/new`);
      if (js) await waitForHydration(page);
      const subject = `Growth notes ${tag}`;
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Preheader").fill("Ten founders on pricing");
      await page.getByLabel("From a blog post").check();
      await page.getByLabel("Blog post", { exact: true }).selectOption({ label: title });
      await page.getByLabel("Campaign").fill(campaign);
      await page.getByRole("button", { name: "Count" }).click();
      await page.getByTestId("audience-count").getByText("3", { exact: true }).waitFor();
      expect(await page.getByTestId("audience-count").textContent()).toContain("3 subscribers would receive it now");
      await expectAccessible(page, js);
      await page.getByRole("button", { name: "Save draft" }).click();
      await page.getByTestId("toast").getByText("Draft saved").waitFor();
      const id = /\/admin\/broadcasts\/([^/?]+)$/.exec(page.url())?.[1];
      expect(id).toBeTruthy();
      expect(query<{ post_id: string }>(`SELECT post_id FROM broadcasts WHERE id = '${id}'`)[0]?.post_id).toBeTruthy();

      // The preview: the pipeline's email in frames at a phone's and a desktop's width.
      for (const [name, width] of [
        ["phone", 375],
        ["desktop", 640],
      ] as const) {
        const frame = page.locator(`iframe[title="The email at ${name} width"]`);
        expect(await frame.getAttribute("width")).toBe(String(width));
        await frame.contentFrame().getByRole("heading", { name: title }).waitFor();
        await frame.contentFrame().getByText("Read on the site").waitFor();
      }

      // A test to the admin, through the outbox.
      if (js) await waitForHydration(page);
      await page.getByRole("button", { name: "Send test" }).click();
      await page.getByTestId("toast").getByText(`Test email sent to ${admin.email}`).waitFor();
      expect(await emailWithSubject(admin.email, `[Test] ${subject}`)).toContain(title);

      // Send now: the three, each one email, through the queue.
      if (js) await waitForHydration(page);
      await page.getByRole("button", { name: "Send now" }).click();
      await page.getByTestId("toast").getByText("Sending to 3 subscribers").waitFor();
      const emails = await Promise.all(readers.map((r) => emailWithSubject(r, subject)));
      for (const [i, reader] of readers.entries()) {
        expect(emailsWithSubject(reader, subject)).toHaveLength(1);
        expect(emails[i]).toContain(title);
        expect(emails[i]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      }

      // The first reader leaves with one click in the mail app: a POST to the List-Unsubscribe address.
      const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(emails[0]!)?.[1];
      expect(unsubscribe).toBeTruthy();
      const left = await fetch(unsubscribe!.replace(/^https?:\/\/[^/]+/, baseUrl), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        redirect: "manual",
      });
      expect(left.status).toBeLessThan(400);
      expect(query<{ status: string }>(`SELECT status FROM newsletter_subscribers WHERE email = '${readers[0]}'`)[0]?.status).toBe(
        "unsubscribed",
      );

      // The second reader clicks the post's link in the email a few minutes after delivery (the delivery dated back:
      // a click within seconds of it is a link scanner's), in a desktop browser: the site's redirect, then the post.
      const click = /https?:\/\/[^\s>"]+(\/r\/[^\s>"]+)/.exec(emails[1]!)?.[1];
      expect(click).toBeTruthy();
      query(`UPDATE email_outbox SET sent_at = sent_at - 300000 WHERE broadcast_id = '${id}'`);
      const reader = await (await newContext(page.context().browser()!, js, 390, { userAgent: BROWSER_USER_AGENT })).newPage();
      await reader.goto(click!);
      await reader.getByRole("heading", { name: title, level: 1 }).waitFor();
      expect(new URL(reader.url()).pathname).toBe(`/blog/pricing-${tag}`);
      await reader.context().close();

      // The broadcast's page: 3 sent, 1 unsubscribe, 1 person's click on the post's link.
      await page.goto(`/admin/broadcasts/${id}`);
      if (js) await waitForHydration(page);
      await page.getByRole("heading", { name: "Results" }).waitFor();
      expect(await page.locator(figure("sent")).textContent()).toBe("3");
      expect(await page.locator(figure("recipients")).textContent()).toBe("3");
      expect(await page.locator(figure("unsubscribes")).textContent()).toBe("1");
      expect(await page.locator(figure("failed")).textContent()).toBe("0");
      const clicks = page.getByRole("table", { name: "Clicks per link" });
      const postRow = clicks.getByRole("row").filter({ hasText: `/blog/pricing-${tag}` });
      expect(await postRow.getByRole("cell").allTextContents()).toEqual([
        expect.stringContaining(`/blog/pricing-${tag}`),
        "People1",
        "Link scanners0",
      ]);
      await expectAccessible(page, js);

      // The person who left: their page's Newsletter block says so, and after which broadcast.
      const leaver = query<{ id: string }>(`SELECT id FROM people WHERE email = '${readers[0]}'`)[0]!.id;
      await page.goto(personPath(leaver));
      const subscription = page.getByTestId("person-newsletter-subscription");
      await subscription.getByText("Unsubscribed", { exact: true }).waitFor();
      expect(await subscription.textContent()).toContain(`after “${subject}”`);
      expect(await page.getByTestId("person-newsletter-received").textContent()).toContain(subject);
      await page.context().close();
    },
  );
});
