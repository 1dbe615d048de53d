import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { personPath } from "~/lib/paths";
import { formatInZone } from "~/lib/time-zone";
import type { Call, CallsOverview } from "./calls.server";
import { meetingStatusLabel, meetingTone } from "./meeting.options";

function CallList({
  title,
  calls,
  timeZone,
  empty,
  testId,
}: {
  title: string;
  calls: Call[];
  timeZone: string;
  empty: string;
  testId: string;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="text-xs font-medium uppercase tracking-wide text-slate-600">
        {title} ({calls.length})
      </h2>
      <p className="text-xs text-slate-500">{`Times in ${timeZone}`}</p>
      {calls.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {calls.map((call) => (
            <li key={call.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <time className="font-medium tabular-nums text-ink">{formatInZone(call.startAt, timeZone)}</time>
              <Link to={personPath(call.personId)} className="min-w-0 break-words font-semibold text-brand-700 hover:underline">
                {call.name ? `${call.name} (${call.email})` : call.email}
              </Link>
              <Badge tone={meetingTone(call.status)}>{meetingStatusLabel(call.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The dashboard home's calls: today's and this week's (Monday to Sunday), in the team's time zone. */
export function CallsPanel({ calls }: { calls: CallsOverview | null }) {
  if (!calls) return <p className="mb-3 text-sm text-slate-600">The calls could not be read just now.</p>;
  return (
    <div className="mb-3 grid gap-3 lg:grid-cols-2">
      <CallList title="Calls today" calls={calls.today} timeZone={calls.timeZone} empty="No calls today." testId="calls-today" />
      <CallList title="Calls this week" calls={calls.week} timeZone={calls.timeZone} empty="No calls this week." testId="calls-week" />
    </div>
  );
}
