/** The page of a reset or invitation link: choose a password, or the clear answer that the link is no longer valid. */
import type { SubmissionResult } from "@conform-to/react";
import { RESET_MESSAGES } from "./account.messages";
import { AuthCard, AuthLink } from "./AuthCard";
import { LOGIN_PATH } from "./paths";
import { SimpleForm } from "./SimpleForm";

export function InvalidLinkPage() {
  return (
    <AuthCard
      title={RESET_MESSAGES.linkInvalid}
      intro={RESET_MESSAGES.linkInvalidText}
      footer={<AuthLink to={LOGIN_PATH}>Go to sign-in</AuthLink>}
    >
      <p className="text-sm text-slate-700">Ask for a new link, or ask an admin to invite you again.</p>
    </AuthCard>
  );
}

export function ChoosePasswordPage({
  title,
  intro,
  action,
  submitLabel,
  lastResult,
}: {
  title: string;
  intro: string;
  action: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <AuthCard title={title} intro={intro}>
      <SimpleForm
        id="choose-password"
        action={action}
        loadSchema={() => import("./account.schema").then((m) => m.choosePasswordSchema)}
        lastResult={lastResult}
        fields={[
          {
            name: "password",
            label: "New password",
            type: "password",
            autoComplete: "new-password",
            hint: "At least 12 characters, not a common one.",
          },
          { name: "confirmPassword", label: "New password again", type: "password", autoComplete: "new-password" },
        ]}
        submitLabel={submitLabel}
        wide
      />
    </AuthCard>
  );
}
