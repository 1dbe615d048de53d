/** The page of a reset or invitation link: choose a password, or the clear answer that the link is no longer valid. */
import type { SubmissionResult } from "@conform-to/react";
import { RESET_MESSAGES } from "./account.messages";
import { AuthCard, AuthLink } from "./AuthCard";
import { INVITATION_PATH, LOGIN_PATH, RESET_PATH } from "./paths";
import { SimpleForm } from "./SimpleForm";
import type { TokenLinkActionData } from "./token-link.server";

function InvalidLinkPage() {
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

function ChoosePasswordPage({
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

/** Each link's page: its path, and its words. */
const LINK_PAGES = {
  invitation: {
    path: INVITATION_PATH,
    title: "Join the Founder Leads admin",
    intro: (email: string) => `Choose a password for ${email}. Then sign in with it.`,
    submitLabel: "Create my account",
  },
  "password-reset": {
    path: RESET_PATH,
    title: "Choose a new password",
    intro: () => "Every session of your account will end. If two-factor sign-in is on, it is still asked for.",
    submitLabel: "Set the new password",
  },
} as const;

/**
 * The page of an invitation or reset link: the form to choose a password, or the clear answer that the link is no
 * longer valid (no address from the loader, or the action found it used meanwhile).
 */
export function TokenLinkPage({
  kind,
  token,
  email,
  actionData,
}: {
  kind: keyof typeof LINK_PAGES;
  token: string | undefined;
  email: string | null;
  actionData: TokenLinkActionData | undefined;
}) {
  if (!email || actionData?.invalid) return <InvalidLinkPage />;
  const page = LINK_PAGES[kind];
  return (
    <ChoosePasswordPage
      title={page.title}
      intro={page.intro(email)}
      action={`${page.path}/${token ?? ""}`}
      submitLabel={page.submitLabel}
      lastResult={actionData?.result}
    />
  );
}
