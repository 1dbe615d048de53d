/**
 * The person page's "Newsletter" block (ADR 0025): the broadcasts sent to the person, the links they clicked (a link
 * scanner's visits shown apart), and their address's suppression with the "Lift suppression" form (conform and the
 * same zod schema as the action; a plain form post without JavaScript).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/Field";
import { formatDateTime } from "~/lib/format";
import { useKeptFormOptions } from "~/lib/kept-form";
import {
  LIFT_SUPPRESSION_INTENT,
  liftSuppressionSchema,
  PERSON_NEWSLETTER_MESSAGES as M,
  SUPPRESSION_REASON_LABELS,
} from "./person-newsletter.schema";
import type { PersonNewsletter } from "./person-newsletter.server";

const STATUS_TONES: Record<string, "success" | "danger" | "warning"> = { sent: "success", failed: "danger" };

/** Where the address stands on the list: never signed up, waiting for its confirmation, subscribed, or gone (after which broadcast). */
function Subscription({ data }: { data: PersonNewsletter }) {
  const sub = data.subscription;
  let line: ReactNode = M.neverSubscribed;
  if (sub?.status === "pending") line = M.pending;
  if (sub?.status === "confirmed")
    line = (
      <>
        <Badge tone="success">{M.subscribed}</Badge>
        {sub.confirmedAt ? `${M.subscribedSince} ${formatDateTime(sub.confirmedAt)}` : null}
      </>
    );
  if (sub?.status === "unsubscribed") {
    const left = sub.unsubscribedAt;
    const last = left === null ? undefined : data.received.find((r) => r.status === "sent" && r.at <= left);
    line = (
      <>
        <Badge tone="warning">{M.unsubscribed}</Badge>
        {left === null ? null : `${M.unsubscribedOn} ${formatDateTime(left)}`}
        {last ? ` ${M.unsubscribedAfter} “${last.subject}”` : null}
      </>
    );
  }
  return (
    <p data-testid="person-newsletter-subscription" className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      {line}
    </p>
  );
}

function LiftForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form] = useForm({
    id: "person-suppression-lift",
    ...useKeptFormOptions(lastResult, { intent: LIFT_SUPPRESSION_INTENT }),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: liftSuppressionSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value={LIFT_SUPPRESSION_INTENT} />
      <p className="text-xs text-slate-600">{M.liftHint}</p>
      <ErrorList errors={form.errors} />
      <Button type="submit" size="sm" variant="secondary">
        {M.lift}
      </Button>
    </Form>
  );
}

export function PersonNewsletterBlock({ data, lastResult }: { data: PersonNewsletter; lastResult?: SubmissionResult<string[]> }) {
  return (
    <section aria-labelledby="person-newsletter-title" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="person-newsletter-title" className="mb-3 text-base font-semibold">
        {M.title}
      </h3>
      <div className="grid gap-6 lg:grid-cols-3">
        <div>
          <Subscription data={data} />
          <div data-testid="person-newsletter-suppression">
            {data.suppression ? (
              <>
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
                  <Badge tone="danger">{SUPPRESSION_REASON_LABELS[data.suppression.reason]}</Badge>
                  {M.suppressed}
                </p>
                <dl className="mt-2 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">Since</dt>
                  <dd className="text-ink">{formatDateTime(data.suppression.createdAt)}</dd>
                  <dt className="text-slate-600">Detail</dt>
                  <dd className="break-words text-ink">{data.suppression.detail ?? "—"}</dd>
                </dl>
                <LiftForm lastResult={lastResult} />
              </>
            ) : (
              <p className="text-sm text-slate-600">{M.notSuppressed}</p>
            )}
          </div>
        </div>
        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-700">{M.received}</h4>
          {data.received.length ? (
            <ul className="space-y-2 text-sm" data-testid="person-newsletter-received">
              {data.received.map((r) => (
                <li key={r.broadcastId} className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-ink">{r.subject}</span>
                  <Badge tone={STATUS_TONES[r.status] ?? "warning"}>{r.status}</Badge>
                  <time className="text-xs text-slate-600">{formatDateTime(r.at)}</time>
                  {r.status !== "sent" && r.lastError ? <span className="w-full text-xs text-slate-600">{r.lastError}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{M.noneReceived}</p>
          )}
        </div>
        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-700">{M.clicked}</h4>
          {data.clicks.length ? (
            <ul className="space-y-2 text-sm" data-testid="person-newsletter-clicks">
              {data.clicks.map((c) => (
                <li key={`${c.broadcastId} ${c.url}`} className="min-w-0">
                  <span className="block break-all text-ink">{c.url}</span>
                  <span className="text-xs text-slate-600">
                    {`${c.subject} · ${formatDateTime(c.lastClickedAt)}`}
                    {c.humanClicks === 0 ? ` · ${M.bots}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{M.noneClicked}</p>
          )}
        </div>
      </div>
    </section>
  );
}
