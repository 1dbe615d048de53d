/** The list of follow-up sequences: name, trigger, on or off, steps, people enrolled and still running. */
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Table } from "~/components/ui/Table";
import type { SequenceListRow } from "./admin.server";
import { SEQUENCES_MESSAGES as M, sequencePath, TRIGGER_LABELS } from "./sequences.messages";

export function SequencesList({ sequences }: { sequences: SequenceListRow[] }) {
  return (
    <section aria-labelledby="sequences-title">
      <h2 id="sequences-title" className="text-lg font-semibold">
        {M.title}
      </h2>
      <p className="mt-1 mb-4 max-w-3xl text-sm text-slate-600">{M.listIntro}</p>
      <Table
        caption={M.title}
        rows={sequences}
        rowKey={(r) => r.id}
        empty={<p className="text-sm text-slate-600">{M.empty}</p>}
        columns={[
          {
            header: "Sequence",
            card: "title",
            rowHeader: true,
            cell: (r) => (
              <Link to={sequencePath(r.id)} className="font-medium text-brand-700 hover:underline">
                {r.name}
              </Link>
            ),
          },
          { header: "Trigger", cell: (r) => TRIGGER_LABELS[r.trigger] ?? r.trigger },
          { header: "Status", cell: (r) => (r.enabled ? <Badge tone="success">{M.on}</Badge> : <Badge tone="warning">{M.off}</Badge>) },
          { header: "Steps", cell: (r) => String(r.steps) },
          { header: "Enrolled", cell: (r) => String(r.enrolled) },
          { header: "Running", cell: (r) => String(r.active) },
        ]}
      />
    </section>
  );
}
