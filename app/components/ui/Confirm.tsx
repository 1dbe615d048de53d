import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useHydrated } from "~/lib/forms";
import { Button, buttonClasses } from "./Button";
import { ErrorList } from "./Field";
import { Modal, openModal } from "./Modal";

/** What a confirmation asks, and the form that does it. */
export interface Confirmation {
  /** The question, e.g. "Delete this page?". */
  title: string;
  /** What will happen. */
  text: ReactNode;
  /** Where the form posts; its submit button sends `intent` and reads `confirmLabel`. */
  action: string;
  intent: string;
  confirmLabel: string;
  /** Hidden fields sent along (e.g. the ids of the selected rows). */
  fields?: Record<string, string | readonly string[]>;
  /**
   * The stronger confirmation: what the site will lose, and a box to tick
   * (sent as `confirm=yes`); the action refuses without it and answers 400
   * with its message, shown under the box (`error`).
   */
  warning?: { title: string; text: string };
}

/** The box of the stronger confirmation, as the action reads it. */
const CONFIRM_BOX = { name: "confirm", value: "yes" } as const;

/**
 * The one confirmation of the site: the question, what will happen, Cancel and
 * the action, as a form that works without JavaScript. On a page of its own
 * (Cancel is a link back) or in the dialog of `useConfirmDialog` (Cancel
 * closes it).
 */
export function ConfirmForm({
  confirmation: c,
  cancel,
  error,
  titleId,
  onSubmit,
}: {
  confirmation: Confirmation;
  /** Where Cancel goes (a page), or what it does (a dialog). */
  cancel: string | (() => void);
  /** The action's answer when the stronger confirmation's box was not ticked. */
  error?: string | null;
  titleId?: string;
  onSubmit?: () => void;
}) {
  const ownId = useId();
  const id = titleId ?? ownId;
  const errorId = `${id}-error`;
  return (
    <Form method="post" action={c.action} onSubmit={onSubmit}>
      <h2 id={id} className="pr-8 text-lg font-bold">
        {c.title}
      </h2>
      <div className="mt-2 text-sm text-slate-600">{c.text}</div>
      {Object.entries(c.fields ?? {}).flatMap(([name, value]) =>
        (typeof value === "string" ? [value] : value).map((v) => <input key={`${name}=${v}`} type="hidden" name={name} value={v} />),
      )}
      {c.warning ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">{c.warning.title}</p>
          <p className="mt-1">{c.warning.text}</p>
          <label className="mt-3 flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              name={CONFIRM_BOX.name}
              value={CONFIRM_BOX.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="h-4 w-4 rounded border-amber-400"
            />
            I understand, delete it anyway
          </label>
          <ErrorList id={errorId} errors={error ? [error] : null} />
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {typeof cancel === "string" ? (
          <Link to={cancel} className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
        ) : (
          <Button type="button" variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          name="intent"
          value={c.intent}
          className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600"
          data-autofocus
        >
          {c.confirmLabel}
        </Button>
      </div>
    </Form>
  );
}

/**
 * One dialog for every confirmation of a page: `ask(confirmation)` opens it
 * (focus on the action). Render `dialog` once. Without JavaScript nothing
 * opens: the links and buttons that ask go to the confirmation page instead.
 */
export function useConfirmDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  // Closed once its action has answered and the page has loaded again.
  const navigation = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    ref.current?.close();
  }, [navigation.state]);
  /** Opens the dialog; false when it cannot (not rendered), so the caller's page is used instead. */
  const ask = (confirmation: Confirmation): boolean => {
    if (!ref.current) return false;
    // Rendered before it opens, so the focus lands on the action.
    flushSync(() => setAsking(confirmation));
    openModal(ref.current);
    return true;
  };
  const dialog = (
    <Modal ref={ref} labelledBy={titleId}>
      {asking ? (
        <ConfirmForm confirmation={asking} titleId={titleId} cancel={() => ref.current?.close()} onSubmit={() => (sent.current = true)} />
      ) : null}
    </Modal>
  );
  return { ask, dialog };
}

type AskConfirmation = ReturnType<typeof useConfirmDialog>["ask"];

/** A link to a confirmation page; with JavaScript it asks in the dialog instead. */
export function ConfirmLink({
  to,
  ask,
  confirmation,
  className,
  children,
}: {
  to: string;
  ask: AskConfirmation;
  confirmation: Confirmation;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        if (hydrated && ask(confirmation)) event.preventDefault();
      }}
    >
      {children}
    </Link>
  );
}
