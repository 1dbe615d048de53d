/** The stores of the selected keyword: one row per store URL, paged, deleted one, several or all at a time. */
import { Form, useLocation } from "@remix-run/react";
import { useRef, useState } from "react";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ConfirmLink, useConfirmDialog, type Confirmation } from "~/components/ui/Confirm";
import { ExternalLink } from "~/components/ui/ExternalLink";
import { formatDate } from "~/lib/format";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table } from "~/components/ui/Table";
import { useHydrated } from "~/lib/forms";
import { LEAD_MESSAGES as M } from "./lead-finder.messages";
import { LEAD_FINDER_PATH as PATH } from "./lead-finder.options";
import { card, ConfirmPanel, type LeadFinderData } from "./lead-finder.ui";
import type { LeadsPage } from "./leads.server";

type Store = LeadsPage["rows"][number];

/** A store's checkbox: the selection is the form's `id` fields. */
function SelectBox({ store }: { store: Store }) {
  return (
    <input
      type="checkbox"
      name="id"
      value={store.id}
      aria-label={`Select ${store.storeName}`}
      className="h-4 w-4 rounded border-slate-300"
    />
  );
}

/** Deletes one store (with its hidden duplicates): a submit of the list's form with the store's own intent. */
function DeleteButton({ store, search }: { store: Store; search: string }) {
  return (
    <button
      type="submit"
      formMethod="post"
      formAction={`${PATH}${search}`}
      name="intent"
      value={`delete-store:${store.id}`}
      className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
    >
      Delete<span className="sr-only">{` ${store.storeName}`}</span>
    </button>
  );
}

export function Stores({ data }: { data: LeadFinderData }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const confirm = useConfirmDialog();
  const form = useRef<HTMLFormElement>(null);
  const [count, setCount] = useState(0);
  const [all, setAll] = useState(false);
  const boxes = () => [...(form.current?.querySelectorAll<HTMLInputElement>('input[name="id"]') ?? [])];
  /** The selection lives in the checkboxes themselves (a plain form); the count follows them. */
  const recount = () => {
    const list = boxes();
    const n = list.filter((b) => b.checked).length;
    setCount(n);
    setAll(list.length > 0 && n === list.length);
  };
  const keyword = data.selected!;
  const leads = data.leads;
  const here = `${PATH}?${new URLSearchParams({ keyword: keyword.id })}`;
  const deleteAll: Confirmation = {
    title: "Delete all stores?",
    text: `All ${leads?.stores ?? 0} stores of “${keyword.keyword}” (${keyword.leadCount} rows with duplicates) will be deleted for good.`,
    action: here,
    intent: "delete-all",
    confirmLabel: "Delete all stores",
  };
  const deleteSelected = (ids: string[]): Confirmation => ({
    title: "Delete selected stores?",
    text: `${ids.length} selected ${ids.length === 1 ? "store" : "stores"} of “${keyword.keyword}” (with their hidden duplicates) will be deleted for good.`,
    action: here,
    intent: "delete-selected",
    confirmLabel: "Delete selected stores",
    fields: { id: ids },
  });
  return (
    <section aria-labelledby="stores-title" className={cn(card, "mt-6")}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="stores-title" className="font-semibold text-ink">
            {leads ? M.found(leads.stores, keyword.keyword) : keyword.keyword}
          </h3>
          {leads ? (
            <p className="mt-1 text-sm text-slate-600">{`${leads.hidden} duplicate ${leads.hidden === 1 ? "row" : "rows"} hidden (same store URL). Deleting a store deletes its duplicates too.`}</p>
          ) : null}
        </div>
        {leads && leads.stores > 0 ? (
          <ConfirmLink
            to={`${here}&confirm=all`}
            ask={confirm.ask}
            confirmation={deleteAll}
            className={buttonClasses({ variant: "secondary", size: "sm" }) + " text-red-700"}
          >
            Delete all
          </ConfirmLink>
        ) : null}
      </div>
      {data.confirm === "all" ? <ConfirmPanel confirmation={deleteAll} cancel={here} /> : null}
      {data.confirm === "selected" ? (
        data.confirmIds.length > 0 ? (
          <ConfirmPanel confirmation={deleteSelected(data.confirmIds)} cancel={here} />
        ) : (
          <p role="alert" className="mt-4 text-sm font-medium text-red-700">
            Select at least one store.
          </p>
        )
      ) : null}
      {data.leadsError ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {data.leadsError}
        </p>
      ) : !leads || leads.rows.length === 0 ? (
        <div className="mt-4">
          <EmptyState title="No stores yet for this keyword: import a CSV above." />
        </div>
      ) : (
        // A GET form: 'Delete selected' opens the confirmation with the ticked ids (?confirm=selected&id=…);
        // each row's Delete posts (formMethod). With JavaScript, 'Delete selected' asks in the dialog instead.
        <Form ref={form} method="get" action={PATH} className="mt-4" onChange={recount}>
          <input type="hidden" name="keyword" value={keyword.id} />
          {leads.page > 1 ? <input type="hidden" name="page" value={leads.page} /> : null}
          <div className="mb-3 flex flex-wrap items-center gap-3">
            {hydrated ? (
              <label className="flex items-center gap-2 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  checked={all}
                  onChange={(e) => {
                    for (const box of boxes()) box.checked = e.target.checked;
                    recount();
                  }}
                  className="h-4 w-4 rounded border-slate-300"
                />
                Select all stores on this page
              </label>
            ) : null}
            <Button
              type="submit"
              name="confirm"
              value="selected"
              variant="secondary"
              size="sm"
              disabled={hydrated && count === 0}
              onClick={(event) => {
                const ids = boxes()
                  .filter((b) => b.checked)
                  .map((b) => b.value);
                if (hydrated && ids.length > 0 && confirm.ask(deleteSelected(ids))) event.preventDefault();
              }}
            >
              {hydrated ? `Delete selected (${count})` : "Delete selected"}
            </Button>
          </div>
          <Table
            caption={`Stores for ${keyword.keyword}`}
            rows={leads.rows}
            rowKey={(r) => r.id}
            columns={[
              { header: "Select", hideHeader: true, card: "lead", cell: (r) => <SelectBox store={r} /> },
              { header: "Store", cell: (r) => r.storeName, className: "min-w-32 font-medium text-ink", card: "title" },
              {
                header: "URL",
                cell: (r) => (
                  <span title={r.storeUrl}>
                    <ExternalLink url={r.storeUrl} />
                  </span>
                ),
                className: "max-w-44 truncate",
              },
              { header: "Email", cell: (r) => (r.email ? <span title={r.email}>{r.email}</span> : "—"), className: "max-w-48 truncate" },
              { header: "Testing app", cell: (r) => r.appTesting || "—" },
              { header: "Status", cell: (r) => <Badge tone={r.status === "On Trial" ? "warning" : "neutral"}>{r.status}</Badge> },
              { header: "Added", cell: (r) => formatDate(r.createdAt), className: "whitespace-nowrap" },
              { header: "Actions", hideHeader: true, card: "actions", cell: (r) => <DeleteButton store={r} search={location.search} /> },
            ]}
          />
          <Pagination page={leads.page} pageCount={leads.pageCount} search={`?${new URLSearchParams({ keyword: keyword.id })}`} />
        </Form>
      )}
      {confirm.dialog}
    </section>
  );
}
