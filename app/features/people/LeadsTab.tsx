import { Form, Link, useSearchParams } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Email } from "~/components/ui/Email";
import { Input, Options } from "~/components/ui/Field";
import { FilterField, FilterSelect } from "~/components/ui/FilterField";
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

/** The Leads tab: people, filtered and searched, soonest due first, 50 a page, and their CSV. */
export function LeadsTab({ data }: { data: LeadsData }) {
  const [params] = useSearchParams();
  const { filters, list, admins, now } = data;
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  const exportHref = `/admin/leads.csv${exportParams.size ? `?${exportParams.toString()}` : ""}`;
  const selects = [
    { name: "status", label: "Status", options: STATUS_OPTIONS, empty: "Any status" },
    { name: "form", label: "Form", options: personForms, empty: "Any form" },
    {
      name: "owner",
      label: "Owner",
      options: [{ value: NO_OWNER, label: "Nobody" }, ...admins.map((a) => ({ value: a.id, label: a.email }))],
      empty: "Anyone",
    },
    { name: "due", label: "Due", options: DUE_OPTIONS, empty: "Any" },
    { name: "channel", label: "First source", options: SOURCE_OPTIONS, empty: "Any source" },
  ] as const;
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
        <FilterField id="leads-q" label="Search" className="lg:col-span-2">
          <Input id="leads-q" name="q" type="search" defaultValue={filters.q} placeholder="Email, name, company or app" />
        </FilterField>
        {selects.map((f) => (
          <FilterSelect key={f.name} id={`leads-${f.name}`} label={f.label} name={f.name} value={filters[f.name] ?? ""}>
            <Options options={f.options} empty={f.empty} />
          </FilterSelect>
        ))}
        <FilterField id="leads-campaign" label="Campaign">
          <Input id="leads-campaign" name="campaign" defaultValue={filters.campaign ?? ""} placeholder="utm_campaign" />
        </FilterField>
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
