import type { SubmissionResult } from "@conform-to/react";
import { EmailSignupForm } from "./EmailSignupForm";
import { waitlistSchema } from "./waitlist.schema";

/** The game waitlist form ('Joining...' while in flight). */
export function WaitlistForm({ lastResult, tone }: { lastResult?: SubmissionResult<string[]>; tone?: "dark" | "light" }) {
  return (
    <EmailSignupForm
      id="waitlist-form"
      action="/waitlist"
      schema={waitlistSchema}
      submitLabel="Join the waitlist"
      busyLabel="Joining..."
      lastResult={lastResult}
      tone={tone}
    />
  );
}
