import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { ContactForm } from "~/features/lead-capture/ContactForm";
import { contactSchema } from "~/features/lead-capture/contact.schema";
import { CONTACT_MESSAGES } from "~/features/lead-capture/lead-capture.messages";
import { CONTACT_RATE_LIMIT, sendContactMessage } from "~/features/lead-capture/contact.server";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import { CheckIcon } from "~/components/ui/Icons";

export async function loader({ context }: LoaderFunctionArgs) {
  return { contactEmail: context.cloudflare.env.CONTACT_EMAIL };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return publicFormAction(request, context.cloudflare.env, {
    schema: contactSchema,
    rateLimit: CONTACT_RATE_LIMIT,
    handle: sendContactMessage,
    success: { type: "success", title: CONTACT_MESSAGES.success, description: CONTACT_MESSAGES.successDetail },
    failure: CONTACT_MESSAGES.failure,
  });
}

export const headers = formHeaders;

const promises = [
  ["Reply within one business day", "A founder on our team reads every message, not a ticket queue."],
  ["Straight answers", "Whether we are a fit for your app, what the leads look like, what they cost."],
  ["No spam", "We use your details to answer you, nothing else."],
] as const;

/** The page is a form: the lead-magnet popup never shows here. */
export const handle: RouteHandle = { edgeCache: {}, noPopup: true };

export default function Contact() {
  const { contactEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="grid gap-12 py-16 lg:grid-cols-5 lg:py-24">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Contact</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight">Talk to us</h1>
          <p className="mt-4 text-lg text-slate-600">
            Questions about leads for your Shopify app, pricing or a partnership? Send us a message, or{" "}
            <Link to="/book-a-call" className="font-semibold text-brand-700 underline underline-offset-2">
              book a free 30-minute call
            </Link>
            .
          </p>
          <ul className="mt-8 space-y-5">
            {promises.map(([title, body]) => (
              <li key={title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-1 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs text-white"
                >
                  <CheckIcon className="h-3.5 w-3.5" />
                </span>
                <div>
                  <p className="font-semibold text-ink">{title}</p>
                  <p className="text-sm text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-slate-600">
            Prefer email?{" "}
            <a href={`mailto:${contactEmail}`} className="font-semibold text-brand-700 underline underline-offset-2">
              {contactEmail}
            </a>
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          <h2 className="text-xl font-bold">Send us a message</h2>
          <div className="mt-6">
            <ContactForm lastResult={actionData?.result} />
          </div>
        </div>
      </Container>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Contact",
    description: "Talk to Founder Leads about pre-qualified merchant leads for your Shopify app. We reply within one business day.",
    path: "/contact",
    siteUrl: siteUrlFromMatches(matches),
  });
