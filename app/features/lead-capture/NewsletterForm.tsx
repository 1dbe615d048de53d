import type { SubmissionResult } from "@conform-to/react";
import { EmailSignupForm } from "./EmailSignupForm";

const loadNewsletterSchema = () => import("./newsletter.schema").then((m) => m.newsletterSchema);

/** The footer's 'Stay Updated' subscription. */
export function NewsletterForm({ lastResult, tone }: { lastResult?: SubmissionResult<string[]>; tone?: "dark" | "light" }) {
  return (
    <EmailSignupForm
      id="newsletter-form"
      action="/newsletter"
      loadSchema={loadNewsletterSchema}
      submitLabel="Subscribe"
      busyLabel="Subscribing..."
      lastResult={lastResult}
      tone={tone}
      layout="compact"
      label="Email for growth notes"
    />
  );
}
