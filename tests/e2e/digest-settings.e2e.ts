/**
 * The daily digest's settings, with JavaScript on and off: an
 * admin types a time zone that does not exist and is told so (what was typed
 * kept), then sets the team's time zone and the hour, and sees them saved.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchChromium, modes, newContext, query, signInAsAdmin, waitForHydration } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  // Back to the defaults: other journeys count "Due today" in the team's zone.
  query("DELETE FROM team_settings");
  await browser?.close();
});

describe.each(modes)("digest settings $name", ({ js }) => {
  it("refuses a time zone that does not exist, then saves the team's time zone and hour", async () => {
    const [zone, hour] = js ? ["America/Los_Angeles", "17"] : ["Pacific/Auckland", "6"];
    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    await page.goto("/admin/settings/digest");
    await page.getByRole("heading", { level: 1, name: "Daily digest" }).waitFor();
    if (js) await waitForHydration(page);
    await expectAccessible(page, js);

    const timeZone = page.getByLabel("Team time zone");
    await timeZone.fill("Mars/Olympus_Mons");
    await page.getByRole("button", { name: "Save digest settings" }).click();
    await page.getByText("Enter a time zone name such as Europe/London or America/New_York.").waitFor();
    expect(await timeZone.inputValue()).toBe("Mars/Olympus_Mons");

    await timeZone.fill(zone.toLowerCase());
    await page.getByLabel("Send at").selectOption(hour);
    await page.getByRole("button", { name: "Save digest settings" }).click();
    await page.getByTestId("toast").getByText("Digest settings saved.").waitFor();

    // Saved, as Intl spells the zone, and shown again on a fresh load.
    await page.reload();
    expect(await page.getByLabel("Team time zone").inputValue()).toBe(zone);
    expect(await page.getByLabel("Send at").inputValue()).toBe(hour);
    expect(await page.getByLabel("Send the daily digest").isChecked()).toBe(true);
    expect(query("SELECT time_zone, digest_hour, digest_enabled FROM team_settings")).toEqual([
      { time_zone: zone, digest_hour: Number(hour), digest_enabled: 1 },
    ]);
    await page.context().close();
  });
});
