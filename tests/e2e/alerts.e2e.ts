/**
 * Alerts where the team works, with JavaScript on and off: an admin
 * adds a signed webhook and a Slack destination pointing at a real local
 * receiver (a node http server on a free port), sees the webhook's secret
 * once, a visitor sends the contact form, and the receiver gets a request
 * whose signature verifies with the standardwebhooks package and a
 * Slack-shaped body; a test event is sent, listed, and resent with the same
 * webhook-id.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  launchChromium,
  modes,
  newContext,
  query,
  sendContactMessage,
  signInAsAdmin,
  uniqueEmail,
  waitFor,
  waitForHydration,
} from "./support";

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

let browser: Browser;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers as Record<string, string>, body });
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  // The site is shared with the files after this one: their forms must not feed a receiver that is gone.
  // By name: their URLs are sealed in the database (ADR 0017).
  query("DELETE FROM notification_destinations WHERE name IN ('CRM js', 'Slack js', 'CRM nojs', 'Slack nojs')");
  await new Promise((resolve) => receiver?.close(resolve));
});

const bodyOf = (r: Received) => JSON.parse(r.body) as { type?: string; text?: string; blocks?: unknown[]; data?: Record<string, unknown> };

describe.each(modes)("alerts $name", ({ js }) => {
  it("adds a signed webhook (secret shown once) and a Slack destination; a contact message reaches both; test event, list and Resend", async () => {
    const tag = js ? "js" : "nojs";
    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    await page.getByRole("link", { name: "Notifications" }).click();
    await page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
    if (js) await waitForHydration(page);

    const add = async (name: string, kind: "Slack" | "Signed webhook", path: string) => {
      const form = page.locator("form", { has: page.getByRole("button", { name: "Add destination" }) });
      await form.getByLabel("Name").fill(name);
      await form.getByLabel(kind).check();
      await form.getByLabel("URL").fill(`${receiverUrl}${path}`);
      await form.getByRole("button", { name: "Add destination" }).click();
    };

    // Bad input first: messages under the fields, the typed URL kept.
    await add("", "Signed webhook", "/x");
    await page
      .locator("form", { has: page.getByRole("button", { name: "Add destination" }) })
      .getByText("Give the destination a name.")
      .waitFor();
    expect(await page.getByLabel("URL").inputValue()).toBe(`${receiverUrl}/x`);

    await add(`CRM ${tag}`, "Signed webhook", `/hook-${tag}`);
    await page.getByRole("heading", { name: "Copy the signing secret now" }).waitFor();
    await page.getByText("This is the only time the secret is shown.").waitFor();
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await add(`Slack ${tag}`, "Slack", `/slack-${tag}`);
    await page.getByTestId("toast").getByText("Destination added").waitFor();
    // Shown once: gone once the page is loaded again.
    await page.reload();
    await page.getByRole("heading", { name: `CRM ${tag}` }).waitFor();
    expect(await page.getByTestId("webhook-secret").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await expectAccessible(page, js);
    // Stored sealed under the site's data key: neither the URL nor the secret is in the database in clear.
    const stored = query<{ url: string; secret: string | null }>(
      `SELECT url, secret FROM notification_destinations WHERE name LIKE '% ${tag}'`,
    );
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(row.url).toMatch(/^enc:v1:e2e1:/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(receiverUrl);

    // A visitor sends the contact form.
    const email = uniqueEmail(`alerts-${tag}`);
    const visitor = await (await newContext(browser, js)).newPage();
    await visitor.goto("/contact");
    if (js) await waitForHydration(visitor);
    await sendContactMessage(visitor, email);
    await visitor.context().close();

    const signed = await waitFor(
      () => received.find((r) => r.path === `/hook-${tag}` && bodyOf(r).type === "submission.created" && bodyOf(r).data?.email === email),
      { timeoutMs: 20_000 },
    );
    const verified = new Webhook(secret).verify(signed.body, signed.headers) as { type: string; data: Record<string, unknown> };
    expect(verified.data).toMatchObject({ form: "contact", email, name: "Ada Lovelace" });
    await waitFor(
      () => received.find((r) => r.path === `/hook-${tag}` && bodyOf(r).type === "person.created" && bodyOf(r).data?.email === email),
      {
        timeoutMs: 20_000,
      },
    );
    const slack = await waitFor(() => received.find((r) => r.path === `/slack-${tag}` && r.body.includes(email)), { timeoutMs: 20_000 });
    expect(bodyOf(slack).text).toBe(`New contact message submission from Ada Lovelace (${email})`);
    expect(Array.isArray(bodyOf(slack).blocks)).toBe(true);
    expect(slack.headers["webhook-signature"]).toBeUndefined();

    // A test event.
    await page.getByRole("button", { name: `Send test event: CRM ${tag}` }).click();
    await page.getByTestId("toast").getByText("Test event queued").waitFor();
    const test = await waitFor(() => received.find((r) => r.path === `/hook-${tag}` && bodyOf(r).type === "destination.test"), {
      timeoutMs: 20_000,
    });
    expect(new Webhook(secret).verify(test.body, test.headers)).toMatchObject({ type: "destination.test" });
    const deliveryId = test.headers["webhook-id"]!;

    // The list shows it delivered with its 200; Resend posts it again with the same webhook-id.
    const attempts = page.getByRole("list", { name: `Attempts of ${deliveryId}` });
    await waitFor(
      async () => {
        await page.reload();
        return (await attempts.count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
    expect(await attempts.getByTestId("attempt").first().textContent()).toMatch(/^200 \w{3} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
    if (js) await waitForHydration(page);
    const before = received.filter((r) => r.headers["webhook-id"] === deliveryId).length;
    await page
      .locator("tr, li", { has: attempts })
      .last()
      .getByRole("button", { name: /^Resend destination\.test/ })
      .click();
    await page.getByTestId("toast").getByText("Delivery queued again").waitFor();
    await waitFor(() => received.filter((r) => r.headers["webhook-id"] === deliveryId).length === before + 1, { timeoutMs: 20_000 });
    await page.context().close();
  });
});
