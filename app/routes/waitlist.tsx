import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { joinWaitlist } from "~/features/lead-capture/waitlist.server";
import { WAITLIST_MESSAGES, waitlistSchema } from "~/features/lead-capture/waitlist.schema";
import { WaitlistForm, type WaitlistActionData } from "~/features/lead-capture/WaitlistForm";
import { formHeaders } from "~/lib/forms";
import { readPublicForm } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";

export const WAITLIST_RATE_LIMIT = { name: "waitlist", limit: 10, windowSeconds: 600 };

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const form = await readPublicForm(request, env, { schema: waitlistSchema, rateLimit: WAITLIST_RATE_LIMIT });
  if (form.kind === "rejected") {
    return data<WaitlistActionData>({ result: form.result }, { status: form.status, headers: form.headers });
  }
  if (form.kind === "valid") {
    try {
      await joinWaitlist(env, form.value);
    } catch (error) {
      console.error("Waitlist join failed", error);
      return data<WaitlistActionData>(
        { result: form.reply({ formErrors: [WAITLIST_MESSAGES.failure] }) },
        { status: 503 },
      );
    }
  }
  // Joined, already on the list, or a bot in the honeypot: the same answer.
  if (form.js) {
    return data<WaitlistActionData>({
      result: form.kind === "valid" ? form.reply({ resetForm: true }) : { status: "success" },
      message: WAITLIST_MESSAGES.success,
    });
  }
  return redirectWithToast(env, `${form.redirectTo}`, { type: "success", title: WAITLIST_MESSAGES.success });
}

export const headers = formHeaders;

export const handle = { hideWaitlistBanner: true };

export default function WaitlistPage() {
  const actionData = useActionData<WaitlistActionData>();
  return (
    <Container className="py-20">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Join the Founder Quest waitlist</h1>
        <p className="mt-2 text-slate-600">
          Our browser game about founding a SaaS company is on its way. Leave your email and we'll notify you when it
          launches.
        </p>
        <div className="mt-6">
          <WaitlistForm lastResult={actionData?.result} tone="light" />
        </div>
      </div>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Join the game waitlist",
    description: "Be the first to play Founder Quest, the browser game about growing a SaaS company.",
    path: "/waitlist",
    siteUrl: siteUrlFromMatches(matches),
  });
