import { z } from "zod";
import { DetailsTable, detailLines } from "~/email/layout";
import { defineEmailTemplate, greetingName } from "~/email/template";
import { APP_CATEGORIES, PRICING_MODELS } from "./onboarding.options";

const payload = z.object({
  appName: z.string(),
  appCategory: z.string(),
  appDescription: z.string(),
  appUrl: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  pricingModel: z.string(),
  pricingPlans: z.array(z.object({ name: z.string(), price: z.string(), features: z.string() })),
  uniqueValue: z.string(),
  targetAudience: z.string(),
  idealContactPersona: z.string(),
  painPoints: z.string(),
  customerBehavior: z.string(),
  competitionApps: z.string(),
});
type Payload = z.infer<typeof payload>;

const label = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/** Every answer, labelled, in the wizard's order. */
function answers(p: Payload): [string, string][] {
  return [
    ["App name", p.appName],
    ["Category", label(APP_CATEGORIES, p.appCategory)],
    ["Description", p.appDescription],
    ["App URL", p.appUrl],
    ["Name", `${p.firstName} ${p.lastName}`],
    ["Email", p.email],
    ["Company", p.company],
    ["Phone", p.phone],
    ["Pricing model", label(PRICING_MODELS, p.pricingModel)],
    ...p.pricingPlans.map((plan, i): [string, string] => [`Plan ${i + 1}`, `${plan.name} (${plan.price}): ${plan.features}`]),
    ["Unique value", p.uniqueValue],
    ["Target audience", p.targetAudience],
    ["Ideal contact persona", p.idealContactPersona],
    ["Pain points", p.painPoints],
    ["Customer behavior", p.customerBehavior],
    ["Competition apps", p.competitionApps],
  ];
}

export const onboardingNoticeEmail = defineEmailTemplate({
  kind: "onboarding-notice",
  schema: payload,
  subject: (p) => `New onboarding: ${p.appName} (${p.firstName} ${p.lastName})`,
  preview: (p) => `${p.company} · ${p.email}`,
  html: (p) => (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>New onboarding submission</h1>
      <DetailsTable rows={answers(p)} />
    </>
  ),
  text: (p) => ["New onboarding submission", "", ...detailLines(answers(p))].join("\n"),
});

export const onboardingConfirmationEmail = defineEmailTemplate({
  kind: "onboarding-confirmation",
  toVisitor: true,
  schema: payload,
  subject: () => "We're finding your first leads",
  preview: () => "Your sample leads arrive within 24-48 hours. Book your strategy call meanwhile.",
  html: (p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>Thanks, {greetingName(p.firstName)}!</h1>
      <p>
        We have everything we need about your app. Our team is now looking for merchants that match your ideal customer profile; your 2-3
        free sample leads arrive within 24-48 hours.
      </p>
      <p>
        Meanwhile, <a href={`${ctx.siteUrl}/call-booking`}>book your free 30-minute strategy call</a> to settle your targets and how
        delivery works.
      </p>
    </>
  ),
  text: (p, ctx) =>
    [
      `Thanks, ${greetingName(p.firstName)}!`,
      "",
      `We have everything we need about your app. Your 2-3 free sample leads arrive within 24-48 hours.`,
      `Book your free 30-minute strategy call: ${ctx.siteUrl}/call-booking`,
    ].join("\n"),
});
