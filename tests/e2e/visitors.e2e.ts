/**
 * What a visitor anywhere sees: every form, submitted empty with JavaScript,
 * shows the same messages under its fields as it does without JavaScript
 * (never the browser's own bubbles); every public form, part-filled and sent
 * with the focus still in a field, shows a message under each invalid field,
 * the untouched ones too, with JavaScript and without; and what a visitor
 * types before the page's code arrives is kept when it does. (Every public
 * page in other time zones and languages: time-zones.e2e.ts.)
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, freshIp, launchChromium, newContext, query, recordErrors, signInAsAdmin, uniqueEmail, waitForHydration } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// ------------------------------------------------------------------ empty forms

interface FormCase {
  name: string;
  path: string | (() => string);
  /** The form on the page. */
  form: string;
  /** Where its messages show, when not inside the form (a form-level report below it). */
  messagesIn?: string;
  button: string;
  admin?: boolean;
  /** Clears what an edit form starts with, so it is sent empty. */
  clear?: boolean;
}

const firstId = (sql: string) => String(query<{ id: string }>(sql)[0]?.id);

const FORMS: FormCase[] = [
  { name: "waitlist", path: "/", form: "#waitlist-form", button: "Join the waitlist" },
  { name: "newsletter", path: "/", form: "#newsletter-form", button: "Subscribe" },
  { name: "contact", path: "/contact", form: "main form", button: "Send message" },
  { name: "question", path: "/questions-and-answers/submit", form: "#question-form", button: "Submit question" },
  {
    name: "playbook landing",
    path: "/Shopify-App-Launch-and-Scaling-Playbook",
    form: "#playbook-landing-form",
    button: "Get the free playbook",
  },
  { name: "premium access", path: "/playbooks/premium", form: "#premium-access-form", button: "Request premium access" },
  { name: "checklist", path: "/shopify-app-marketing-checklist", form: "#checklist-form", button: "Unlock the checklist" },
  { name: "lead magnet", path: "/lead-magnet", form: "#lead-magnet-form", button: "Send me the playbook" },
  { name: "onboarding", path: "/onboarding", form: "main form", button: "Next" },
  { name: "admin sign-in", path: "/admin/login", form: "#admin-login", button: "Log in" },
  ...(["pages", "guides", "content-blocks", "blogs"] as const).map((tab): FormCase => ({
    name: `new ${tab}`,
    path: `/admin/dashboard/${tab}/new`,
    form: `form#${tab}-new`,
    button: "Save",
    admin: true,
  })),
  {
    name: "Q&A answer",
    path: () => `/admin/dashboard/qa/${firstId("SELECT id FROM qa_submissions WHERE status = 'pending' ORDER BY created_at LIMIT 1")}`,
    form: "form[id^='qa-']",
    button: "Save",
    admin: true,
    clear: true,
  },
  {
    name: "Lead Finder keyword",
    path: "/admin/dashboard/lead-finder",
    form: "form:has(button[value='add-keyword'])",
    button: "Add",
    admin: true,
  },
  {
    name: "Lead Finder upload",
    path: "/admin/dashboard/lead-finder",
    form: "form[enctype='multipart/form-data']",
    messagesIn: "section[aria-labelledby='upload-title']",
    button: "Upload",
    admin: true,
  },
  { name: "warm-leads search", path: "/warm-leads?step=search", form: "#warm-leads-search", button: "Search leads", admin: true },
  {
    name: "delete a content block the site uses",
    path: () => `/admin/dashboard/content-blocks/${firstId("SELECT id FROM content_blocks WHERE name = 'home-announcement'")}/delete`,
    form: "form[action$='/delete']",
    button: "Delete content block",
    admin: true,
  },
];

/** The messages shown inside the form, one per line, in page order. */
async function messages(form: Locator): Promise<string[]> {
  const texts = await form.locator("[role=alert]").allInnerTexts();
  return texts
    .flatMap((t) => t.split("\n"))
    .map((t) => t.trim())
    .filter(Boolean);
}

async function submitEmpty(page: Page, js: boolean, c: FormCase): Promise<Page> {
  await page.goto(typeof c.path === "string" ? c.path : c.path());
  if (js) await waitForHydration(page);
  const form = page.locator(c.form).first();
  if (c.clear) {
    for (const field of await form.locator("input[type=text], textarea").all()) await field.fill("");
  }
  await form.getByRole("button", { name: c.button, exact: true }).click();
  return page;
}

// One tab for the visitor and one for the admin, with JavaScript and without, going from form to form: each form is a
// full load of its page (a new tab per form only added a renderer to start and a cache to warm).
describe("Every form sent empty", () => {
  let contexts: Record<"js" | "noJs", { visitor: Page; admin: Page }>;
  beforeAll(async () => {
    const make = async (js: boolean) => {
      const admin = await (await newContext(browser, js, 1280, { ip: freshIp() })).newPage();
      await signInAsAdmin(admin);
      return { visitor: await (await newContext(browser, js, 1280, { ip: freshIp() })).newPage(), admin };
    };
    contexts = { js: await make(true), noJs: await make(false) };
  });
  afterAll(async () => {
    for (const set of Object.values(contexts ?? {})) {
      await set.visitor.context().close();
      await set.admin.context().close();
    }
  });

  for (const c of FORMS) {
    it(`${c.name}: with JavaScript, the same messages under the fields as without, and no browser bubble`, async () => {
      const pick = (set: { visitor: Page; admin: Page }) => (c.admin ? set.admin : set.visitor);
      const withoutJs = await submitEmpty(pick(contexts.noJs), false, c);
      await withoutJs.waitForLoadState();
      const expected = await messages(withoutJs.locator(c.messagesIn ?? c.form).first());
      expect(expected.length, `${c.name} without JavaScript shows its messages`).toBeGreaterThan(0);

      const withJs = await submitEmpty(pick(contexts.js), true, c);
      const form = withJs.locator(c.form).first();
      await expect.poll(() => messages(withJs.locator(c.messagesIn ?? c.form).first()), { timeout: 10_000 }).toEqual(expected);
      // Nothing is left to the browser's own validation bubble.
      const natives = await form.evaluate(
        (el) => [...(el as HTMLFormElement).elements].filter((f) => "validity" in f && !(f as HTMLInputElement).validity.valid).length,
      );
      expect(natives === 0 || (await form.evaluate((el) => (el as HTMLFormElement).noValidate))).toBe(true);
    });
  }
});

// ------------------------------------------------------------------ part-filled forms

interface TypedCase {
  name: string;
  path: string;
  form: string;
  button: string;
  /**
   * Types into some fields, valid and not, as a visitor does; the last one typed keeps the focus, as it does when
   * the visitor reaches for the button. Fields left untouched stay empty.
   */
  type: (form: Locator) => Promise<void>;
  /** With JavaScript: the message of a field typed and left before the last, shown once the form's checks have loaded. */
  left?: string;
  /** Every message the form shows once sent, in page order: the untouched fields' too. */
  expected: string[];
}

const TYPED: TypedCase[] = [
  {
    name: "contact",
    path: "/contact",
    form: "main form",
    button: "Send message",
    type: async (form) => {
      await form.getByLabel("Name", { exact: true }).fill("A");
      await form.getByLabel("Company (optional)").fill("Lovelace Apps");
      await form.getByLabel("How can we help?").fill("Leads?");
    },
    left: "Please enter your name",
    expected: ["Please enter your name", "Please enter your email", "Please write at least 10 characters"],
  },
  {
    name: "question",
    path: "/questions-and-answers/submit",
    form: "#question-form",
    button: "Submit question",
    type: async (form) => {
      await form.getByLabel("Title").fill("Pricing?");
      await form.getByLabel("Name (optional)").fill("Ada");
      await form.getByLabel("Your question").fill("Flat or tiered?");
    },
    left: "Title must be at least 10 characters",
    expected: ["Title must be at least 10 characters", "Please select a category", "Question must be at least 20 characters"],
  },
  {
    name: "playbook landing",
    path: "/Shopify-App-Launch-and-Scaling-Playbook",
    form: "#playbook-landing-form",
    button: "Get the free playbook",
    type: async (form) => {
      await form.getByLabel("First name").fill("A");
      await form.getByLabel("Phone (optional)").fill("call me");
    },
    left: "Please enter your first name",
    expected: ["Please enter your first name", "Enter a valid email", "App URL is required", "Please enter a valid phone number"],
  },
  {
    name: "premium access",
    path: "/playbooks/premium",
    form: "#premium-access-form",
    button: "Request premium access",
    type: async (form) => {
      await form.getByLabel("Email", { exact: true }).fill("grace@");
      await form.getByLabel("First name").fill("Grace");
    },
    left: "Please enter a valid email address",
    expected: ["Company is required", "Please enter a valid email address", "Please select when you need access"],
  },
  {
    name: "lead magnet",
    path: "/lead-magnet",
    form: "#lead-magnet-form",
    button: "Send me the playbook",
    type: async (form) => {
      await form.getByLabel("First name").fill("A");
      await form.getByLabel("Email").fill("ada@");
    },
    left: "Please enter your first name",
    expected: ["Please enter your first name", "Enter a valid email", "App URL is required"],
  },
  {
    name: "checklist",
    path: "/shopify-app-marketing-checklist",
    form: "#checklist-form",
    button: "Unlock the checklist",
    type: (form) => form.getByLabel("Your email").fill("ada@"),
    expected: ["Please enter a valid email address"],
  },
  {
    name: "waitlist",
    path: "/",
    form: "#waitlist-form",
    button: "Join the waitlist",
    type: (form) => form.getByLabel("Email address").fill("ada@"),
    expected: ["Please enter a valid email address"],
  },
  {
    name: "newsletter",
    path: "/",
    form: "#newsletter-form",
    button: "Subscribe",
    type: (form) => form.getByLabel("Email for growth notes").fill("ada@"),
    expected: ["Please enter a valid email address"],
  },
  {
    name: "onboarding",
    path: "/onboarding",
    form: "main form",
    button: "Next",
    type: async (form) => {
      await form.getByLabel("App name").fill("ShipFast");
      await form.getByLabel("What does your app do?").fill("Labels.");
      await form.getByLabel("App Store URL").fill("shipfast");
    },
    left: "Please enter at least 50 characters",
    expected: ["Please select a category", "Please enter at least 50 characters", "Please enter a valid URL"],
  },
  {
    name: "admin sign-in",
    path: "/admin/login",
    form: "#admin-login",
    button: "Log in",
    type: (form) => form.getByLabel("Email").fill("admin@"),
    expected: ["Please enter a valid email address", "Password is required"],
  },
];

describe("Every form sent part-filled", () => {
  for (const c of TYPED) {
    for (const js of [true, false]) {
      it(`${c.name} ${js ? "with" : "without"} JavaScript: a message under every invalid field, typed into or not`, async () => {
        const context = await newContext(browser, js, 1280, { ip: freshIp() });
        const page = await context.newPage();
        await page.goto(c.path);
        if (js) await waitForHydration(page);
        const form = page.locator(c.form).first();
        let posts = 0;
        page.on("request", (r) => {
          if (r.method() === "POST") posts += 1;
        });
        await c.type(form);
        // The form's checks have loaded (a field already left shows its message), as after a visitor's pause.
        if (js && c.left) await form.getByText(c.left, { exact: true }).waitFor();
        await form.getByRole("button", { name: c.button, exact: true }).click();
        await expect.poll(() => messages(page.locator(c.form).first()), { timeout: 10_000 }).toEqual(c.expected);
        // With JavaScript the browser checked it all: nothing was sent.
        if (js && c.left) expect(posts).toBe(0);
        await context.close();
      });
    }
  }
});

// ------------------------------------------------------------------ early typing

interface EarlyCase {
  name: string;
  path: string;
  admin?: boolean;
  /** Types into the page before its scripts run; returns the fields typed, to check after hydration. */
  type: (page: Page) => Promise<Locator[]>;
  /** After hydration: proves the part works with what was typed. */
  works: (page: Page) => Promise<void>;
}

const EARLY: EarlyCase[] = [
  {
    name: "ROI calculator",
    path: "/",
    type: async (page) => {
      const calc = page.locator("#roi-calculator");
      const fields = [calc.getByLabel("Monthly ARPU"), calc.getByLabel("Current monthly leads"), calc.getByLabel("Current close rate")];
      for (const [field, value] of fields.map((f, i) => [f, ["299", "20", "25"][i]!] as const)) await field.fill(value);
      return fields;
    },
    works: async (page) => {
      const calc = page.locator("#roi-calculator");
      await calc.getByRole("button", { name: "Calculate My ROI" }).click();
      await calc.getByTestId("roi-results").getByText("Additional monthly revenue").waitFor();
    },
  },
  {
    name: "waitlist",
    path: "/",
    type: async (page) => {
      const field = page.locator("#waitlist-form").getByLabel("Email address");
      await field.fill(uniqueEmail("early-waitlist"));
      return [field];
    },
    works: async (page) => {
      await page.locator("#waitlist-form").getByRole("button", { name: "Join the waitlist" }).click();
      await page.getByText("You're on the waitlist! We'll notify you when the game launches.").first().waitFor();
    },
  },
  {
    name: "newsletter",
    path: "/",
    type: async (page) => {
      const field = page.locator("footer").getByLabel("Email for growth notes");
      await field.fill(uniqueEmail("early-news"));
      return [field];
    },
    works: async (page) => {
      await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
      // Double opt-in: a new address is asked to confirm (tests/e2e/newsletter.e2e.ts).
      await page.getByText("Almost there! Check your inbox and click the link to confirm your subscription.").first().waitFor();
    },
  },
  {
    name: "contact",
    path: "/contact",
    type: async (page) => {
      const form = page.locator("main form");
      const fields = [
        form.getByLabel("Name", { exact: true }),
        form.getByLabel("Email", { exact: true }),
        form.getByLabel("How can we help?"),
      ];
      await fields[0]!.fill("Ada Lovelace");
      await fields[1]!.fill(uniqueEmail("early-contact"));
      await fields[2]!.fill("Typed before the page's code arrived.");
      return fields;
    },
    works: async (page) => {
      await page.locator("main form").getByRole("button", { name: "Send message" }).click();
      await page.getByText("Message sent!").first().waitFor();
    },
  },
  {
    name: "question",
    path: "/questions-and-answers/submit",
    type: async (page) => {
      const fields = [page.getByLabel("Title"), page.getByLabel("Category"), page.getByLabel("Your question")];
      await fields[0]!.fill("How early can a visitor start typing?");
      await fields[1]!.selectOption("technical");
      await fields[2]!.fill("Before the scripts arrive, on a slow connection, and still keep every word.");
      return fields;
    },
    works: async (page) => {
      await page.getByRole("button", { name: "Submit question" }).click();
      await page.getByText("Question submitted successfully! We'll review and answer it soon.").first().waitFor();
    },
  },
  {
    name: "playbook landing",
    path: "/Shopify-App-Launch-and-Scaling-Playbook",
    type: async (page) => {
      const form = page.locator("#playbook-landing-form");
      const fields = [form.getByLabel("First name"), form.getByLabel("Email", { exact: true }), form.getByLabel("Your app's URL")];
      await fields[0]!.fill("Ada");
      await fields[1]!.fill(uniqueEmail("early-landing"));
      await fields[2]!.fill("https://apps.shopify.com/early");
      return fields;
    },
    works: async (page) => {
      await page.locator("#playbook-landing-form").getByRole("button", { name: "Get the free playbook" }).click();
      await page.waitForURL(/final-guide/);
    },
  },
  {
    name: "premium access",
    path: "/playbooks/premium",
    type: async (page) => {
      const form = page.locator("#premium-access-form");
      const fields = [
        form.getByLabel("First name"),
        form.getByLabel("Company"),
        form.getByLabel("Email", { exact: true }),
        form.getByLabel("When do you need access?"),
      ];
      await fields[0]!.fill("Grace");
      await fields[1]!.fill("Hopper Apps");
      await fields[2]!.fill(uniqueEmail("early-premium"));
      await fields[3]!.selectOption("this-month");
      return fields;
    },
    works: async (page) => {
      await page.locator("#premium-access-form").getByRole("button", { name: "Request premium access" }).click();
      await page.getByText("Request Submitted!").first().waitFor();
    },
  },
  {
    name: "checklist",
    path: "/shopify-app-marketing-checklist",
    type: async (page) => {
      const field = page.getByLabel("Your email");
      await field.fill(uniqueEmail("early-checklist"));
      return [field];
    },
    works: async (page) => {
      await page.getByRole("button", { name: "Unlock the checklist" }).click();
      await page.getByText("Checklist ready").first().waitFor();
    },
  },
  {
    name: "onboarding",
    path: "/onboarding",
    type: async (page) => {
      const fields = [
        page.getByLabel("App name"),
        page.getByLabel("App category"),
        page.getByLabel("What does your app do?"),
        page.getByLabel("App Store URL"),
      ];
      await fields[0]!.fill("EarlyApp");
      await fields[1]!.selectOption("shipping");
      await fields[2]!.fill("Prints shipping labels for every order in one click, typed before the scripts came.");
      await fields[3]!.fill("https://apps.shopify.com/earlyapp");
      return fields;
    },
    works: async (page) => {
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByLabel("First name").waitFor();
    },
  },
  {
    name: "Q&A search",
    path: "/questions-and-answers",
    type: async (page) => {
      const field = page.getByLabel("Search questions");
      await field.fill("onboard");
      return [field];
    },
    works: async (page) => {
      await page.getByLabel("Search questions").press("End");
      await page.getByLabel("Search questions").pressSequentially("ing");
      await page.waitForURL((url) => url.searchParams.get("q") === "onboarding");
      await page.getByRole("link", { name: "What do reviewers test during onboarding review?" }).waitFor();
    },
  },
  {
    name: "admin sign-in",
    path: "/admin/login",
    type: async (page) => {
      const { DEMO_ADMIN } = await import("../../scripts/seed-data.mjs");
      const fields = [page.getByLabel("Email"), page.getByLabel("Password")];
      await fields[0]!.fill(DEMO_ADMIN.email);
      await fields[1]!.fill(DEMO_ADMIN.password);
      return fields;
    },
    works: async (page) => {
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(`${baseUrl}/admin/dashboard`);
    },
  },
];

describe("What a visitor types before the page's code arrives", () => {
  for (const c of EARLY) {
    it(`${c.name}: kept when the code arrives, and the part works`, async () => {
      const context = await newContext(browser, true, 1280, { ip: freshIp() });
      const page = await context.newPage();
      const errors = recordErrors(page);
      // Hold every script of the site until the visitor has typed.
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/.*\.js(\?|$)/, async (route) => {
        await gate;
        await route.continue();
      });
      await page.goto(c.path, { waitUntil: "commit" });
      const fields = await c.type(page);
      const typed = await Promise.all(fields.map((f) => f.inputValue()));
      expect(await page.locator("html[data-hydrated]").count(), "typed before hydration").toBe(0);
      release();
      await waitForHydration(page);
      expect(await Promise.all(fields.map((f) => f.inputValue()))).toEqual(typed);
      await c.works(page);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("A part of the page that fails", () => {
  it("leaves the rest of the page, and its server HTML, in place when its code cannot be loaded", async () => {
    const context = await newContext(browser, true, 1280, { ip: freshIp() });
    const page = await context.newPage();
    // The ROI calculator's module (a deferred part) fails to arrive.
    await page.route(/\/assets\/RoiCalculator-.*\.js$/, (route) => route.abort());
    const failed = page.waitForEvent("requestfailed", (r) => r.url().includes("RoiCalculator"));
    await page.goto("/");
    await failed;
    await page.locator("footer").getByLabel("Email for growth notes").waitFor();
    const calc = page.locator("#roi-calculator");
    await calc.getByLabel("Monthly ARPU").fill("299");
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    // Without its code the calculator is still the server's plain GET form.
    await calc.getByLabel("Current monthly leads").fill("20");
    await calc.getByLabel("Current close rate").fill("25");
    await calc.getByRole("button", { name: "Calculate My ROI" }).click();
    await page.getByTestId("roi-results").waitFor();
    await context.close();
  });
});
