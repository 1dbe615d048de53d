/** Turning on two-factor sign-in: scan, confirm with a code, then the recovery codes, shown once. */
import type { SubmissionResult } from "@conform-to/react";
import { ButtonLink } from "~/components/ui/Button";
import { AdminPage, AdminSection } from "~/features/dashboard";
import { SimpleForm } from "./SimpleForm";

export const TWO_FACTOR_SETUP_ACTION = "/admin/account/two-factor";

/** Recovery codes, shown once: a list to copy, and the way back to the account. */
export function RecoveryCodesShown({ codes, title, description }: { codes: string[]; title: string; description: string }) {
  return (
    <AdminSection title={title} description={description}>
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="rounded bg-slate-100 px-3 py-1.5">
            {code}
          </li>
        ))}
      </ul>
      <ButtonLink to="/admin/account" className="mt-6">
        I have saved them
      </ButtonLink>
    </AdminSection>
  );
}

export function TwoFactorSetupPage({
  email,
  setup,
  codes,
  lastResult,
}: {
  email: string;
  /** Null when two-factor sign-in is on already. */
  setup: { secret: string; qrDataUrl: string } | null;
  codes?: string[];
  lastResult?: SubmissionResult<string[]>;
}) {
  if (codes) {
    return (
      <AdminPage email={email} title="Two-factor sign-in is on">
        <RecoveryCodesShown
          codes={codes}
          title="Your recovery codes"
          description="Each code signs you in once if you lose your phone. Save them now somewhere safe: they are shown only this once. Every other session of your account has ended."
        />
      </AdminPage>
    );
  }
  if (!setup) {
    return (
      <AdminPage email={email} title="Two-factor sign-in is on">
        <AdminSection title="Nothing to set up" description="Two-factor sign-in is already on for your account.">
          <ButtonLink to="/admin/account">Back to your account</ButtonLink>
        </AdminSection>
      </AdminPage>
    );
  }
  return (
    <AdminPage email={email} title="Turn on two-factor sign-in">
      <AdminSection
        title="1. Scan the QR code"
        description="With an authenticator app (1Password, Google Authenticator, Authy...). Or type the key below into it."
      >
        <img src={setup.qrDataUrl} alt="QR code of your two-factor sign-in key" width={200} height={200} className="rounded border" />
        <p className="mt-4 text-sm">
          Key:{" "}
          <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono">
            {setup.secret}
          </code>
        </p>
      </AdminSection>
      <AdminSection title="2. Confirm with a code" description="Enter the 6-digit code the app shows now.">
        <SimpleForm
          id="confirm-2fa"
          action={TWO_FACTOR_SETUP_ACTION}
          loadSchema={() => import("./account.schema").then((m) => m.twoFactorCodeSchema)}
          lastResult={lastResult}
          fields={[{ name: "code", label: "Code from your app", autoComplete: "one-time-code", inputMode: "numeric" }]}
          submitLabel="Turn on"
          busyLabel="Checking..."
        />
      </AdminSection>
    </AdminPage>
  );
}
