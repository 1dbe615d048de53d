import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { all, cookieFrom, envRacingOn, postForm, recordingEnv, request } from "./helpers";
import { answers } from "./onboarding-answers";

type Answers = ReturnType<typeof answers>;

/** What the wizard's form holds at a step: the answers of that step and the ones before. */
const STEP_KEYS = [
  ["appName", "appCategory", "appDescription", "appUrl"],
  ["firstName", "lastName", "email", "company", "phone"],
  ["pricingModel", "pricingPlans", "uniqueValue"],
  ["targetAudience", "idealContactPersona", "painPoints", "customerBehavior", "competitionApps"],
];
const upTo = (a: Answers, step: number) =>
  Object.fromEntries(
    Object.entries(a).filter(([k]) => STEP_KEYS.slice(0, step).some((keys) => keys.some((key) => k === key || k.startsWith(`${key}[`)))),
  );

/** An <input> with this name and value, whatever the order of its attributes. */
const inputWith = (name: string, value: string) =>
  new RegExp(`<input(?=[^>]*name="${name.replace(/[[\].]/g, "\\$&")}")(?=[^>]*value="${value}")[^>]*>`);
const post = (fields: Record<string, string>, cookie?: string, testEnv: Env = env) => postForm("/onboarding", fields, { cookie, testEnv });
const rowsFor = (email: string) =>
  all<{ id: string; step_completed: number; is_completed: number; form_data: string }>(
    "SELECT id, step_completed, is_completed, form_data FROM onboarding_submissions WHERE email = ?",
    email,
  );

/** Walks the wizard without JavaScript up to `toStep`; returns the draft cookie (once there is one). */
async function walk(a: Answers, toStep: number) {
  let cookie: string | undefined;
  for (let step = 1; step < toStep; step++) {
    const res = await post({ ...upTo(a, step), step: String(step), intent: "next" }, cookie);
    expect(res.status, `step ${step}`).toBe(200);
    expect(await res.text()).toContain(`Step ${step + 1} of 4`);
    if (res.headers.getSetCookie().some((c) => c.startsWith("__onboarding="))) cookie = cookieFrom(res, "__onboarding");
  }
  return cookie;
}

describe("onboarding wizard, step by step (no JavaScript)", () => {
  it("checks each step on the server: 400 with messages under the fields, answers kept", async () => {
    const a = answers();
    const cases: [number, Record<string, string>, string[]][] = [
      [
        1,
        { appDescription: "too short", appUrl: "nope", appCategory: "" },
        ["Please enter at least 50 characters", "Please enter a valid URL", "Please select a category"],
      ],
      [2, { email: "nope", phone: "0123" }, ["Please enter a valid email address", "Please enter a valid phone number"]],
      [3, { "pricingPlans[1].features": "short", uniqueValue: "short" }, ["Please enter at least 50 characters"]],
      [4, { painPoints: "   " }, ["This field is required"]],
    ];
    for (const [step, bad, messages] of cases) {
      const res = await post({ ...a, ...bad, step: String(step), intent: "next" });
      expect(res.status, `step ${step}`).toBe(400);
      const html = await res.text();
      expect(html).toContain(`Step ${step} of 4`);
      for (const m of messages) expect(html, `step ${step}`).toContain(m);
    }
    const kept = await (await post({ ...a, appUrl: "nope", step: "1", intent: "next" })).text();
    expect(kept).toContain('value="ShipFast"');
    expect(kept).toContain('value="nope"');
  });

  it("creates the row when the email arrives and updates it at every step change", async () => {
    const a = answers();
    const cookie = await walk(a, 2);
    expect(cookie).toBeUndefined(); // no email yet, nothing stored
    expect(await rowsFor(a.email)).toEqual([]);

    const toStep3 = await post({ ...upTo(a, 2), step: "2", intent: "next" });
    const draftCookie = cookieFrom(toStep3, "__onboarding");
    expect(toStep3.headers.getSetCookie().find((c) => c.startsWith("__onboarding="))).toMatch(/HttpOnly; SameSite=Lax/);
    let [row] = await rowsFor(a.email);
    expect(row).toMatchObject({ step_completed: 2, is_completed: 0 });
    expect(JSON.parse(row!.form_data)).toMatchObject({ appName: "ShipFast", email: a.email });

    await post({ ...upTo(a, 3), step: "3", intent: "next" }, draftCookie);
    [row] = await rowsFor(a.email);
    expect(row!.step_completed).toBe(3);
    expect(JSON.parse(row!.form_data).pricingPlans).toHaveLength(2);

    await post({ ...a, step: "4", intent: "back" }, draftCookie);
    [row] = await rowsFor(a.email);
    expect(row!.step_completed).toBe(2);
    expect(await rowsFor(a.email)).toHaveLength(1);
  });

  it("resumes from the cookie at the saved step with every answer filled in", async () => {
    const a = answers();
    const cookie = (await walk(a, 4))!;
    const page = await request("/onboarding", { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain("Step 4 of 4");
    expect(html).toContain("Start over");
    expect(html).toMatch(inputWith("email", a.email));
    expect(html).toMatch(inputWith("pricingPlans[1].name", "Pro"));

    const fresh = await (await request("/onboarding")).text();
    expect(fresh).toContain("Step 1 of 4");
    expect(fresh).not.toContain(a.email);

    const startOver = await post({ intent: "start-over" }, cookie);
    expect(startOver.status).toBe(302);
    expect(startOver.headers.get("Set-Cookie")).toMatch(/__onboarding=; Max-Age=0/);
  });

  it("keeps drafts private: a forged or foreign cookie reads and writes nothing", async () => {
    const owner = answers();
    const ownerCookie = (await walk(owner, 4))!;
    const [row] = await rowsFor(owner.email);
    // A cookie with the owner's id but without our signature is ignored.
    const forged = `__onboarding=${btoa(JSON.stringify({ id: row!.id }))}`;
    const page = await (await request("/onboarding", { headers: { Cookie: forged } })).text();
    expect(page).toContain("Step 1 of 4");
    expect(page).not.toContain(owner.email);

    const intruder = answers();
    await post({ ...intruder, step: "2", intent: "next" }, forged);
    expect(JSON.parse((await rowsFor(owner.email))[0]!.form_data).email).toBe(owner.email);
    expect(await rowsFor(intruder.email)).toHaveLength(1); // the intruder got a draft of their own
    // The real cookie still opens the owner's draft.
    expect(await (await request("/onboarding", { headers: { Cookie: ownerCookie } })).text()).toMatch(inputWith("email", owner.email));
  });

  it("lets a visitor add and remove plans without JavaScript, within 1 to 5", async () => {
    const a = answers();
    const insert = JSON.stringify({
      type: "insert",
      payload: { name: "pricingPlans", defaultValue: { name: "", price: "", features: "" } },
    });
    const res = await post({ ...a, step: "3", __intent__: insert });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="pricingPlans[2].name"');
    expect(html).not.toContain("Please enter at least 50 characters");
    const remove = JSON.stringify({ type: "remove", payload: { name: "pricingPlans", index: 0 } });
    const removed = await (await post({ ...a, step: "3", __intent__: remove })).text();
    expect(removed).toMatch(inputWith("pricingPlans[0].name", "Pro"));
    expect(removed).not.toContain('name="pricingPlans[1].name"');
  });

  it("completes: marks the row, queues both emails, remembers the email, goes to /call-booking", async () => {
    const a = answers();
    const cookie = (await walk(a, 4))!;
    const rec = recordingEnv();
    const res = await post({ ...a, step: "4", intent: "submit" }, cookie, rec.env);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/call-booking");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^__onboarding=; Max-Age=0/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__visitor="))).toBe(true);

    const [row] = await rowsFor(a.email);
    expect(row).toMatchObject({ step_completed: 4, is_completed: 1 });
    const outbox = await all<{ id: string; kind: string; recipient: string }>(
      "SELECT id, kind, recipient FROM email_outbox WHERE json_extract(payload, '$.email') = ? AND kind LIKE 'onboarding-%' ORDER BY kind",
      a.email,
    );
    expect(outbox.map((o) => [o.kind, o.recipient])).toEqual([
      ["onboarding-confirmation", a.email],
      ["onboarding-notice", env.NOTIFY_TO],
    ]);
    expect(rec.messages).toEqual(expect.arrayContaining(outbox.map((o) => ({ outboxId: o.id }))));

    // The booking page greets them with the toast and a prefilled scheduler.
    const booking = await request("/call-booking", {
      headers: { Cookie: cookieFrom(res, "__toast") + "; " + cookieFrom(res, "__visitor") },
    });
    const html = await booking.text();
    expect(html).toContain("Your information has been submitted and our team has been notified.");
    expect(html).toContain(`email=${encodeURIComponent(a.email)}`);

    // A replayed final POST (double click, back and resubmit) changes nothing and sends nothing.
    const replay = await post({ ...a, step: "4", intent: "submit" }, cookie, rec.env);
    expect(replay.status).toBe(302);
    const replayNoCookie = await post({ ...a, step: "4", intent: "submit" }, undefined, rec.env);
    expect(replayNoCookie.status).toBe(302);
    expect(await rowsFor(a.email)).toHaveLength(1);
    expect(
      await all("SELECT id FROM email_outbox WHERE json_extract(payload, '$.email') = ? AND kind LIKE 'onboarding-%'", a.email),
    ).toHaveLength(2);
    expect(rec.messages).toHaveLength(2);
  });

  it("stores one submission and sends one pair of emails when the same final answers arrive twice at once without a cookie", async () => {
    const a = answers();
    // Both requests look for an earlier identical submission before either writes (the old check-then-insert).
    const racing = envRacingOn(/from "onboarding_submissions" where \("onboarding_submissions"\."email"/);
    const [first, second] = await Promise.all([
      post({ ...a, step: "4", intent: "submit" }, undefined, racing),
      post({ ...a, step: "4", intent: "submit" }, undefined, racing),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(await rowsFor(a.email)).toHaveLength(1);
    expect(
      await all("SELECT id FROM email_outbox WHERE json_extract(payload, '$.email') = ? AND kind LIKE 'onboarding-%'", a.email),
    ).toHaveLength(2);
  });

  it("stores the answers as a new submission if the draft's row has gone", async () => {
    const a = answers();
    const cookie = (await walk(a, 4))!;
    await env.DB.prepare("DELETE FROM onboarding_submissions WHERE email = ?1").bind(a.email).run();
    const res = await post({ ...a, step: "4", intent: "submit" }, cookie);
    expect(res.status).toBe(302);
    expect(await rowsFor(a.email)).toEqual([expect.objectContaining({ is_completed: 1, step_completed: 4 })]);
  });

  it("re-validates every step at the final submit and sends the visitor back to the first one wrong", async () => {
    const a = answers();
    const res = await post({ ...a, appUrl: "nope", email: "bad", step: "4", intent: "submit" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Step 1 of 4");
    expect(html).toContain("Please enter a valid URL");
    expect(await rowsFor("bad")).toEqual([]);
  });

  it("still goes to /call-booking, with the 'Email Error' toast, when the queue is down", async () => {
    const a = answers();
    const rec = recordingEnv({}, { failSend: true });
    const res = await post({ ...a, step: "4", intent: "submit" }, undefined, rec.env);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/call-booking");
    const page = await request("/call-booking", { headers: { Cookie: cookieFrom(res, "__toast") } });
    expect(await page.text()).toContain("Failed to send notification email, but your submission was recorded.");
    expect((await rowsFor(a.email))[0]).toMatchObject({ is_completed: 1 });
  });

  it("saves on autosave (with JavaScript) as soon as the email is valid", async () => {
    const a = answers();
    const res = await post({ ...a, step: "2", intent: "autosave", _js: "1" });
    expect(res.status).toBe(200);
    expect(cookieFrom(res, "__onboarding")).toBeTruthy();
    expect(await rowsFor(a.email)).toHaveLength(1);
    const none = await post({ ...answers("not-an-email"), step: "2", intent: "autosave" });
    expect(none.headers.getSetCookie().some((c) => c.startsWith("__onboarding="))).toBe(false);
  });
});
