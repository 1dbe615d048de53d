import { Form, Link, useSearchParams } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Email } from "~/components/ui/Email";
import { Input, inputClasses, Options } from "~/components/ui/Field";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table } from "~/components/ui/Table";
import { formatDateTime } from "~/lib/format";
import { DUE_OPTIONS, NO_OWNER, personFormLabel, personForms, personPath, STATUS_OPTIONS, statusLabel } from "./people.options";
import type { LeadsData, PersonListRow } from "./people-list.server";
import { SOURCE_CHANNEL_LABELS, SOURCE_CHANNELS } from "~/lib/visit-source";

const SOURCE_OPTIONS = SOURCE_CHANNELS.map((value) => ({ value, label: SOURCE_CHANNEL_LABELS[value] }));

const statusTone = (status: string) =>
  status === "customer" ? "success" : status === "lost" ? "neutral" : status === "new" ? "brand" : ("warning" as const);

/** A due date with its state: overdue (red) or upcoming. */
export function DueBadge({ due, now }: { due: number | null; now: number }) {
  if (due === null) return <span className="text-slate-500">—</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 whitespace-nowrap">
      {due < now ? <Badge tone="danger">Overdue</Badge> : null}
      {formatDateTime(due)}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}

function FilterSelect({
  id,
  label,
  name,
  value,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClasses}>
        {children}
      </select>
    </div>
  );
}

/** The Leads tab: people, filtered and searched, soonest due first, 50 a page, and their CSV. */
export function LeadsTab({ data }: { data: LeadsData }) {
  const [params] = useSearchParams();
  const { filters, list, admins, now } = data;
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  const exportHref = `/admin/leads.csv${exportParams.size ? `?${exportParams.toString()}` : ""}`;
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Leads</h2>
          <p className="mt-1 text-sm text-slate-600">Every person who filled a form, soonest due first.</p>
        </div>
        <a href={exportHref} className={buttonClasses({ variant: "secondary", size: "sm" })} download>
          Export CSV
        </a>
      </div>
      <Form method="get" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <div className="lg:col-span-2">
          <label htmlFor="leads-q" className="mb-1 block text-sm font-medium text-ink">
            Search
          </label>
          <Input id="leads-q" name="q" type="search" defaultValue={filters.q} placeholder="Email, name, company or app" />
        </div>
        <FilterSelect id="leads-status" label="Status" name="status" value={filters.status ?? ""}>
          <Options options={STATUS_OPTIONS} empty="Any status" />
        </FilterSelect>
        <FilterSelect id="leads-form" label="Form" name="form" value={filters.form ?? ""}>
          <Options options={personForms} empty="Any form" />
        </FilterSelect>
        <FilterSelect id="leads-owner" label="Owner" name="owner" value={filters.owner ?? ""}>
          <Options
            options={[{ value: NO_OWNER, label: "Nobody" }, ...admins.map((a) => ({ value: a.id, label: a.email }))]}
            empty="Anyone"
          />
        </FilterSelect>
        <FilterSelect id="leads-due" label="Due" name="due" value={filters.due ?? ""}>
          <Options options={DUE_OPTIONS} empty="Any" />
        </FilterSelect>
        <FilterSelect id="leads-channel" label="First source" name="channel" value={filters.channel ?? ""}>
          <Options options={SOURCE_OPTIONS} empty="Any source" />
        </FilterSelect>
        <div>
          <label htmlFor="leads-campaign" className="mb-1 block text-sm font-medium text-ink">
            Campaign
          </label>
          <Input id="leads-campaign" name="campaign" defaultValue={filters.campaign ?? ""} placeholder="utm_campaign" />
        </div>
        <div className="flex gap-2 lg:col-span-6">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {params.size ? (
            <Link to="?" className={buttonClasses({ variant: "ghost" })}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mb-3 text-sm text-slate-600" data-testid="leads-count">
        {list.total === 1 ? "1 person" : `${list.total} people`}
      </p>
      <Table<PersonListRow>
        caption="Leads"
        rows={list.rows}
        rowKey={(r) => r.id}
        empty={<EmptyState title="No one here">People appear when they fill a form; try other filters.</EmptyState>}
        columns={[
          {
            header: "Person",
            card: "title",
            rowHeader: true,
            cell: (r) => (
              <span className="block min-w-0">
                <Link to={personPath(r.id)} className="font-medium text-brand-700 hover:underline">
                  {r.name || r.email}
                </Link>
                {r.name ? (
                  <span className="block break-words text-xs text-slate-600">
                    <Email address={r.email} />
                  </span>
                ) : null}
              </span>
            ),
          },
          { header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
          {
            header: "Company / app",
            cell: (r) => [r.company, r.app].filter(Boolean).join(" · ") || "—",
            className: "max-w-xs break-words",
          },
          { header: "Owner", cell: (r) => (r.owner_email ? <Email address={r.owner_email} /> : "—"), className: "break-words" },
          { header: "Due", cell: (r) => <DueBadge due={r.due_at} now={now} /> },
          {
            // The date and, under it, the form: one column, so the list fits a laptop without scrolling.
            header: "Last seen",
            cell: (r) => (
              <>
                <span className="block whitespace-nowrap">{formatDateTime(r.last_seen_at)}</span>
                <span className="block text-xs text-slate-600">{personFormLabel(r.last_form)}</span>
              </>
            ),
          },
          {
            header: "First source",
            cell: (r) =>
              r.first_channel ? (
                <>
                  <span className="block whitespace-nowrap">{SOURCE_CHANNEL_LABELS[r.first_channel]}</span>
                  {r.first_utm_campaign || r.first_referrer_host ? (
                    <span className="block break-words text-xs text-slate-600">{r.first_utm_campaign ?? r.first_referrer_host}</span>
                  ) : null}
                </>
              ) : (
                "—"
              ),
          },
          { header: "Notes", cell: (r) => r.notes },
        ]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} search={params.toString()} />
    </section>
  );
}
