/** The account page: sessions, password, two-factor sign-in and its recovery codes. */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { RowAction } from "~/components/ui/RowAction";
import { formatDateTime } from "~/lib/format";
import { Table } from "~/components/ui/Table";
import { AdminPage, AdminSection } from "~/features/dashboard";
import { ACCOUNT_PATH, TWO_FACTOR_SETUP_PATH } from "./paths";
import { durationLabel, SESSION_SETTINGS_PATH, type SessionLimitValues } from "./session-settings";
import { SimpleForm } from "./SimpleForm";
import { RecoveryCodesShown } from "./TwoFactorSetup";

export { ACCOUNT_PATH };

const loadSchemas = () => import("./account.schema");

export interface AccountSession {
  id: string;
  device: string;
  country: string | null;
  createdAt: string | Date;
  lastUsedAt: string | Date;
  current: boolean;
}

export interface AccountData {
  email: string;
  twoFactor: boolean;
  recoveryCodesLeft: number;
  sessions: AccountSession[];
  /** The team's session limits. */
  limits: SessionLimitValues;
}

export type AccountActionResult = SubmissionResult<string[]>;
/** A form's answer (its intent and result), or the new recovery codes, shown once. */
export type AccountActionData = { intent: string; result?: AccountActionResult; codes?: string[] } | undefined;

function SessionsSection({ sessions, limits }: { sessions: AccountSession[]; limits: AccountData["limits"] }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <AdminSection
      title="Your sessions"
      description={
        <>
          {`Every browser signed in to your account. End any you do not recognise. A session ends after ${durationLabel(limits.sessionIdleMinutes)} without use and ${durationLabel(limits.sessionMaxMinutes)} after signing in `}
          (
          <Link to={SESSION_SETTINGS_PATH} className="font-medium text-brand-700 underline">
            team setting
          </Link>
          ).
        </>
      }
    >
      <Table
        caption="Your sessions"
        rows={sessions}
        rowKey={(s) => s.id}
        columns={[
          {
            header: "Browser",
            card: "title",
            rowHeader: true,
            cell: (s) => (
              <span className="inline-flex items-center gap-2">
                {s.device}
                {s.current ? <Badge tone="success">This browser</Badge> : null}
              </span>
            ),
          },
          { header: "Country", cell: (s) => s.country ?? "—" },
          { header: "Started", cell: (s) => formatDateTime(s.createdAt) },
          { header: "Last used", cell: (s) => formatDateTime(s.lastUsedAt) },
          {
            header: "Actions",
            hideHeader: true,
            card: "actions",
            cell: (s) => (
              <RowAction
                action={ACCOUNT_PATH}
                intent="end-session"
                name="sessionId"
                value={s.id}
                label={s.current ? "Sign out" : "End"}
                ariaLabel={s.current ? `Sign out (this browser, ${s.device})` : `End session: ${s.device}`}
                variant="danger"
              />
            ),
          },
        ]}
      />
      {others > 0 ? (
        <Form method="post" action={ACCOUNT_PATH} className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="secondary" size="sm">
            End all other sessions
          </Button>
        </Form>
      ) : null}
    </AdminSection>
  );
}

export function AccountPage({ data, actionData }: { data: AccountData; actionData: AccountActionData }) {
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  if (actionData?.codes) {
    return (
      <AdminPage email={data.email} title="New recovery codes">
        <RecoveryCodesShown
          codes={actionData.codes}
          title="Your new recovery codes"
          description="Your earlier recovery codes no longer work. Each of these signs you in once if you lose your phone. Save them now somewhere safe: they are shown only this once."
        />
      </AdminPage>
    );
  }
  return (
    <AdminPage email={data.email} title="Your account">
      <SessionsSection sessions={data.sessions} limits={data.limits} />
      <AdminSection title="Change password" description="At least 12 characters, not a common one. Every other session ends.">
        <SimpleForm
          id="change-password"
          action={ACCOUNT_PATH}
          intent="change-password"
          loadSchema={() => loadSchemas().then((m) => m.changePasswordSchema)}
          lastResult={resultFor("change-password")}
          fields={[
            { name: "currentPassword", label: "Current password", type: "password", autoComplete: "current-password" },
            { name: "newPassword", label: "New password", type: "password", autoComplete: "new-password" },
            { name: "confirmPassword", label: "New password again", type: "password", autoComplete: "new-password" },
          ]}
          submitLabel="Change password"
          busyLabel="Changing..."
        />
      </AdminSection>
      <AdminSection
        title="Two-factor sign-in"
        description={
          data.twoFactor
            ? "On. Sign-in asks for a code from your authenticator app. Turning it off ends every other session."
            : "Off. With it on, sign-in asks for a code from an authenticator app after your password. Turning it on ends every other session."
        }
      >
        {data.twoFactor ? (
          <SimpleForm
            id="disable-2fa"
            action={ACCOUNT_PATH}
            intent="disable-2fa"
            loadSchema={() => loadSchemas().then((m) => m.disableTwoFactorSchema)}
            lastResult={resultFor("disable-2fa")}
            fields={[
              { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
              { name: "code", label: "Code from your app", autoComplete: "one-time-code", inputMode: "numeric" },
            ]}
            submitLabel="Turn off two-factor sign-in"
            variant="secondary"
          />
        ) : (
          <Link to={TWO_FACTOR_SETUP_PATH} className="font-medium text-brand-700 underline">
            Turn on two-factor sign-in
          </Link>
        )}
      </AdminSection>
      {data.twoFactor ? (
        <AdminSection
          title="Recovery codes"
          description={`Each one signs you in once when you cannot use your phone. Left: ${data.recoveryCodesLeft} of 10. New codes replace every earlier one.`}
        >
          <SimpleForm
            id="new-recovery-codes"
            action={ACCOUNT_PATH}
            intent="new-recovery-codes"
            loadSchema={() => loadSchemas().then((m) => m.newRecoveryCodesSchema)}
            lastResult={resultFor("new-recovery-codes")}
            fields={[
              { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
              { name: "code", label: "Code from your app", autoComplete: "one-time-code", inputMode: "numeric" },
            ]}
            submitLabel="Make new recovery codes"
            busyLabel="Making..."
            variant="secondary"
          />
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}
