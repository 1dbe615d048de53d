/**
 * The team's accounts, every journey with JavaScript on and off: invitations, a forgotten password, ending another
 * browser's session, removing an admin, and the team's session limits. Each journey uses admins of its own, so the
 * demo admin (whom other journeys sign in as) never changes. Two-factor sign-in: two-factor.e2e.ts.
 */
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../scripts/seed-data.mjs";
import { choosePassword, createAdmin, newPage, PASSWORD, signInToDashboard, useBrowser } from "./accounts";
import { baseUrl, emailLink, expectAccessible, modes, query, signInAsAdmin, uniqueEmail, waitFor, waitForHydration } from "./support";

useBrowser();

describe.each(modes)("team accounts $name", ({ js }) => {
  it("invites an admin, who accepts by choosing a password and signs in", async () => {
    const page = await newPage(js);
    await signInAsAdmin(page);
    await page.getByRole("link", { name: "Team" }).click();
    await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    await page.getByRole("rowheader", { name: DEMO_ADMIN.email }).waitFor();
    await expectAccessible(page, js);
    const invitee = uniqueEmail("invitee");
    if (js) await waitForHydration(page);
    await page.getByLabel("Email").fill(invitee);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByTestId("toast").getByText("Invitation sent.").waitFor();
    await page.getByRole("rowheader", { name: invitee }).waitFor();
    const link = await emailLink(invitee, "/admin/invitation");

    const guest = await newPage(js);
    await guest.goto(link);
    await guest.getByRole("heading", { name: "Join the Founder Leads admin" }).waitFor();
    await expectAccessible(guest, js);
    if (js) await waitForHydration(guest);
    await choosePassword(guest, "password12345", "Create my account");
    await guest.getByText("too common").waitFor();
    await choosePassword(guest, PASSWORD, "Create my account");
    await guest.waitForURL(`${baseUrl}/admin/login`);
    await guest.getByTestId("toast").getByText("Welcome! Your account is ready. Please sign in.").waitFor();
    await signInToDashboard(guest, js, invitee, PASSWORD);

    // The link worked once.
    await guest.goto(link);
    await guest.getByRole("heading", { name: "This link is not valid any more" }).waitFor();
    await guest.context().close();
    await page.context().close();
  });

  it("resets a forgotten password through the emailed link", async () => {
    const admin = await createAdmin("reset");
    const page = await newPage(js);
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
    await expectAccessible(page, js);
    if (js) await waitForHydration(page);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByText("If that address belongs to an admin, we have sent a link.").waitFor();
    const link = await emailLink(admin.email, "/admin/reset-password");

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectAccessible(page, js);
    if (js) await waitForHydration(page);
    const newPassword = "copper lantern drifts east";
    await choosePassword(page, newPassword, "Set the new password");
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.getByTestId("toast").getByText("Your password has been changed. Please sign in.").waitFor();
    await signInToDashboard(page, js, admin.email, newPassword);
    await page.context().close();
  });

  it("ends another browser's session: that browser is sent to sign-in", async () => {
    const admin = await createAdmin("sessions");
    const mine = await newPage(js);
    const other = await newPage(js);
    await signInToDashboard(other, js, admin.email, admin.password);
    await signInToDashboard(mine, js, admin.email, admin.password);
    await mine.goto("/admin/account");
    await mine.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    await expectAccessible(mine, js);
    const ends = mine.getByRole("button", { name: /^End session:/ });
    await waitFor(async () => (await ends.count()) === 1);
    await ends.click();
    await mine.getByTestId("toast").getByText("That session has ended.").waitFor();
    await waitFor(async () => (await ends.count()) === 0);

    await other.goto("/admin/dashboard");
    await other.waitForURL(`${baseUrl}/admin/login`);
    await other.getByTestId("toast").getByText("Access denied", { exact: true }).waitFor();
    await mine.goto("/admin/dashboard");
    expect(mine.url()).toBe(`${baseUrl}/admin/dashboard`);
    await other.context().close();
    await mine.context().close();
  });

  it("removes an admin after a confirmation: their open session is refused", async () => {
    const removed = await createAdmin("removed");
    const theirs = await newPage(js);
    await signInToDashboard(theirs, js, removed.email, removed.password);
    const page = await newPage(js);
    await signInAsAdmin(page);
    await page.goto("/admin/team");
    await page.getByRole("link", { name: `Remove ${removed.email}` }).click();
    await page.getByRole("heading", { name: `Remove ${removed.email}?` }).waitFor();
    await expectAccessible(page, js);
    await page.getByRole("button", { name: "Remove admin" }).click();
    await page.waitForURL(`${baseUrl}/admin/team`);
    await page.getByTestId("toast").getByText("The admin has been removed and their sessions have ended.").waitFor();
    expect(await page.getByRole("rowheader", { name: removed.email }).count()).toBe(0);

    await theirs.goto("/admin/dashboard");
    await theirs.waitForURL(`${baseUrl}/admin/login`);
    await theirs.context().close();
    await page.context().close();
  });

  it("sets the team's session limits on their page, with the messages under the field", async () => {
    const admin = await createAdmin("limits");
    const page = await newPage(js);
    await signInToDashboard(page, js, admin.email, admin.password);
    await page.getByRole("link", { name: "Sessions" }).click();
    await page.getByRole("heading", { level: 1, name: "Sessions" }).waitFor();
    await expectAccessible(page, js);
    const idle = page.getByLabel("Sign out after this long without use");
    const lifetime = page.getByLabel("Sign out this long after signing in, however busy");
    expect(await idle.inputValue()).toBe("720");
    expect(await lifetime.inputValue()).toBe("10080");
    if (js) await waitForHydration(page);
    await idle.selectOption({ label: "7 days" });
    await lifetime.selectOption({ label: "1 day" });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Sessions cannot sit unused longer than they last").waitFor();
    await idle.selectOption({ label: "1 hour" });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Session settings saved.", { exact: false }).waitFor();
    expect(query("SELECT session_idle_minutes, session_max_minutes FROM team_settings")).toEqual([
      { session_idle_minutes: 60, session_max_minutes: 1440 },
    ]);
    await page.goto("/admin/account");
    await page.getByText("A session ends after 1 hour without use and 1 day after signing in").waitFor();
    // Back to the defaults, for the journeys after this one.
    await page.goto("/admin/settings/sessions");
    if (js) await waitForHydration(page);
    await page.getByLabel("Sign out after this long without use").selectOption({ label: "12 hours" });
    await page.getByLabel("Sign out this long after signing in, however busy").selectOption({ label: "7 days" });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Session settings saved.", { exact: false }).waitFor();
    expect(query("SELECT session_idle_minutes FROM team_settings")).toEqual([{ session_idle_minutes: 720 }]);
    await page.context().close();
  }, 120_000);
});
