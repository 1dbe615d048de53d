import type { SubmissionResult } from "@conform-to/react";
import { EmailSignupForm } from "./EmailSignupForm";

const loadWaitlistSchema = () => import("./waitlist.schema").then((m) => m.waitlistSchema);

/** The game waitlist form ('Joining...' while in flight). */
export function WaitlistForm({ lastResult, tone }: { lastResult?: SubmissionResult<string[]>; tone?: "dark" | "light" }) {
  return (
    <EmailSignupForm
      id="waitlist-form"
      action="/waitlist"
      loadSchema={loadWaitlistSchema}
      submitLabel="Join the waitlist"
      busyLabel="Joining..."
      lastResult={lastResult}
      tone={tone}
    />
  );
}
