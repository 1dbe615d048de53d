/**
 * The pages behind the links in list emails: the newsletter's confirmation and
 * every list's unsubscribe. A GET only shows a button (mail scanners follow
 * links); the button's POST acts. Plain forms: they work without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink, Button } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import type { EmailList } from "~/lib/email-lists";
import { NEWSLETTER_CONFIRM_MESSAGES as C, UNSUBSCRIBE_MESSAGES as U } from "./lead-capture.messages";

function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-16 sm:py-20">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </Container>
  );
}

function ActionButton({ action, label, busy, children }: { action: string; label: string; busy: string; children?: ReactNode }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="mt-6">
      {children}
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? busy : label}
      </Button>
    </Form>
  );
}

export type ConfirmPageState = "pending" | "confirmed" | "expired" | "invalid";

export function ConfirmSubscriptionPage({ state, email, action }: { state: ConfirmPageState; email: string | null; action: string }) {
  if (state === "pending" && email) {
    return (
      <LinkCard title={C.title}>
        <p className="mt-2 text-slate-600">{C.intro(email)}</p>
        <ActionButton action={action} label={C.button} busy={C.busy} />
      </LinkCard>
    );
  }
  if (state === "confirmed") {
    return (
      <LinkCard title={C.confirmedTitle}>
        <p role="status" className="mt-2 text-slate-600">
          {C.confirmedText}
        </p>
        <ButtonLink to="/blog" variant="secondary" className="mt-6">
          Read the blog
        </ButtonLink>
      </LinkCard>
    );
  }
  const expired = state === "expired";
  return (
    <LinkCard title={expired ? C.expiredTitle : C.invalidTitle}>
      <p className="mt-2 text-slate-600">{expired ? C.expiredText : C.invalidText}</p>
      <ButtonLink to="/newsletter" variant="secondary" className="mt-6">
        Sign up again
      </ButtonLink>
    </LinkCard>
  );
}

export function UnsubscribePage({
  list,
  email,
  done,
  action,
}: {
  list: EmailList | null;
  email: string | null;
  done: boolean;
  action: string;
}) {
  if (!list || !email) {
    return (
      <LinkCard title={U.invalidTitle}>
        <p className="mt-2 text-slate-600">{U.invalidText}</p>
      </LinkCard>
    );
  }
  const name = U.lists[list];
  if (done) {
    return (
      <LinkCard title={U.doneTitle}>
        <p role="status" className="mt-2 text-slate-600">
          {U.doneText(name)}
        </p>
        <ButtonLink to="/" variant="secondary" className="mt-6">
          Back to the site
        </ButtonLink>
      </LinkCard>
    );
  }
  return (
    <LinkCard title={U.title}>
      <p className="mt-2 break-words text-slate-600">{U.intro(email, name)}</p>
      <ActionButton action={action} label={U.button} busy={U.busy}>
        {/* The same body a mailbox provider's one-click POST sends (RFC 8058). */}
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
      </ActionButton>
    </LinkCard>
  );
}
