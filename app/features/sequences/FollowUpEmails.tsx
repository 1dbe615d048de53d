/** The person page's follow-up block: each sequence the person is in, step by step, with Stop or Restart. */
import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/Field";
import { formatDateTime } from "~/lib/format";
import type { FollowUp, FollowUpActionData, FollowUpStep } from "./admin.server";
import { ENROLMENT_STATE_LABELS, SEQUENCES_MESSAGES as M, sequencePath, STEP_STATE_LABELS } from "./sequences.messages";

const STEP_TONES = { sent: "success", skipped: "danger", due: "brand", waiting: "neutral", "not sent": "neutral" } as const;
const STATE_TONES = { active: "brand", done: "success", exited: "warning", stopped: "warning" } as const;

function StepLine({ step }: { step: FollowUpStep }) {
  const when =
    step.at === null ? null : (
      <time className="text-xs text-slate-600">{`${step.state === "due" ? "due " : ""}${formatDateTime(step.at)}`}</time>
    );
  return (
    <li className="text-sm" data-testid="follow-up-step">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-600">{`Email ${step.index + 1}`}</span>
        <Badge tone={STEP_TONES[step.state]}>{STEP_STATE_LABELS[step.state]}</Badge>
        {when}
      </div>
      <p className="break-words text-ink">{step.subject}</p>
      {step.reason ? <p className="text-slate-700">{`Why: ${step.reason}`}</p> : null}
      {step.delivery && step.delivery !== "sent" ? <p className="text-xs text-slate-600">{`Delivery: ${step.delivery}`}</p> : null}
    </li>
  );
}

/** Stop (while it runs) or Restart (once stopped or ended early): a plain form, with JavaScript or without. */
function EnrolmentAction({ f, error }: { f: FollowUp; error?: string }) {
  const canRestart =
    (f.state === "stopped" || f.state === "exited") && f.steps.some((s) => s.state === "not sent" || s.state === "skipped");
  if (f.state !== "active" && !canRestart) return null;
  const stop = f.state === "active";
  return (
    <Form method="post" className="mt-2">
      <input type="hidden" name="enrolmentId" value={f.enrolmentId} />
      <Button
        type="submit"
        name="intent"
        value={stop ? "follow-up-stop" : "follow-up-restart"}
        variant={stop ? "danger" : "secondary"}
        size="sm"
        aria-label={`${stop ? M.stop : M.restart}: ${f.sequenceName}`}
      >
        {stop ? M.stop : M.restart}
      </Button>
      <ErrorList errors={error ? [error] : null} />
    </Form>
  );
}

/** The block's own failure, out of the person page's action data (the pipeline's forms answer there too). */
function failureOf(actionData: unknown): FollowUpActionData | undefined {
  const value = actionData as Partial<FollowUpActionData> | null | undefined;
  return value?.intent === "follow-up" && typeof value.enrolmentId === "string" ? (value as FollowUpActionData) : undefined;
}

export function FollowUpEmails({ followUps, actionData }: { followUps: FollowUp[]; actionData?: unknown }) {
  const failed = failureOf(actionData);
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="follow-ups-title"
      data-testid="follow-ups"
    >
      <h3 id="follow-ups-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {M.personTitle}
      </h3>
      {followUps.length === 0 ? (
        <p className="text-sm text-slate-600">{M.personNone}</p>
      ) : (
        <ul className="space-y-4">
          {followUps.map((f) => (
            <li key={f.enrolmentId} data-testid="follow-up">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={sequencePath(f.sequenceId)} className="font-medium text-brand-700 hover:underline">
                  {f.sequenceName}
                </Link>
                <Badge tone={STATE_TONES[f.state]}>{ENROLMENT_STATE_LABELS[f.state]}</Badge>
                {!f.sequenceEnabled && f.state === "active" ? <Badge tone="warning">Sequence off</Badge> : null}
              </div>
              <p className="text-xs text-slate-600">{`Enrolled ${formatDateTime(f.enrolledAt)}`}</p>
              {f.stoppedReason ? <p className="text-sm text-slate-700">{`Ended: ${f.stoppedReason}`}</p> : null}
              <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
                {f.steps.map((s) => (
                  <StepLine key={s.index} step={s} />
                ))}
              </ol>
              <EnrolmentAction f={f} error={failed?.enrolmentId === f.enrolmentId ? failed.error : undefined} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
