/** The team page: admins, pending invitations, invite. */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { buttonClasses } from "~/components/ui/Button";
import { RowAction } from "~/components/ui/RowAction";
import { formatDateTime } from "~/lib/format";
import { Table, type Column } from "~/components/ui/Table";
import { AdminPage, AdminSection } from "~/features/dashboard";
import { TEAM_PATH } from "./paths";
import { SimpleForm } from "./SimpleForm";

type DateLike = string | Date | null;

export interface TeamData {
  email: string;
  currentAdminId: string;
  admins: { id: string; email: string; joinedAt: DateLike; lastSignInAt: DateLike; twoFactor: boolean }[];
  invitations: { id: string; email: string; createdAt: DateLike; expiresAt: DateLike; invitedBy: string | null }[];
}

export type TeamActionData = { intent: string; result: SubmissionResult<string[]> } | undefined;

/** The admins table's columns: the signed-in admin's own row says "You" where the others have Remove. */
const adminColumns = (currentAdminId: string): Column<TeamData["admins"][number]>[] => [
  { header: "Email", card: "title", rowHeader: true, cell: (a) => a.email },
  { header: "Joined", cell: (a) => formatDateTime(a.joinedAt) },
  { header: "Last sign-in", cell: (a) => (a.lastSignInAt ? formatDateTime(a.lastSignInAt) : "Never") },
  {
    header: "Two-factor",
    cell: (a) => (a.twoFactor ? <Badge tone="success">On</Badge> : <Badge tone="warning">Off</Badge>),
  },
  {
    header: "Actions",
    hideHeader: true,
    card: "actions",
    cell: (a) =>
      a.id === currentAdminId ? (
        <span className="text-sm text-slate-600">You</span>
      ) : (
        <Link
          to={`${TEAM_PATH}/${a.id}/remove`}
          className={buttonClasses({ variant: "danger", size: "sm" })}
          aria-label={`Remove ${a.email}`}
        >
          Remove
        </Link>
      ),
  },
];

export function TeamPage({ data, actionData }: { data: TeamData; actionData: TeamActionData }) {
  return (
    <AdminPage email={data.email} title="Team">
      <AdminSection title="Admins" description="Everyone who can sign in to this dashboard.">
        <Table caption="Admins" rows={data.admins} rowKey={(a) => a.id} columns={adminColumns(data.currentAdminId)} />
      </AdminSection>
      <AdminSection title="Invite an admin" description="They get a link by email that works once, for 72 hours, to choose a password.">
        <SimpleForm
          id="invite"
          action={TEAM_PATH}
          intent="invite"
          loadSchema={() => import("./account.schema").then((m) => m.inviteSchema)}
          lastResult={actionData?.intent === "invite" ? actionData.result : undefined}
          fields={[{ name: "email", label: "Email", type: "email", autoComplete: "off" }]}
          submitLabel="Send invitation"
          busyLabel="Sending..."
        />
      </AdminSection>
      <AdminSection title="Pending invitations">
        <Table
          caption="Pending invitations"
          rows={data.invitations}
          rowKey={(i) => i.id}
          empty={<p className="text-sm text-slate-600">No pending invitations.</p>}
          columns={[
            { header: "Email", card: "title", rowHeader: true, cell: (i) => i.email },
            { header: "Invited by", cell: (i) => i.invitedBy ?? "—" },
            { header: "Sent", cell: (i) => formatDateTime(i.createdAt) },
            { header: "Expires", cell: (i) => formatDateTime(i.expiresAt) },
            {
              header: "Actions",
              hideHeader: true,
              card: "actions",
              cell: (i) => (
                <RowAction
                  action={TEAM_PATH}
                  intent="revoke"
                  name="invitationId"
                  value={i.id}
                  label="Withdraw"
                  ariaLabel={`Withdraw the invitation of ${i.email}`}
                  variant="danger"
                />
              ),
            },
          ]}
        />
      </AdminSection>
    </AdminPage>
  );
}
