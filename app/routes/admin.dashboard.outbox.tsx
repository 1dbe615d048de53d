import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdminActor } from "~/features/auth/index.server";
import { OutboxTab } from "~/features/dashboard/OutboxTab";
import { listOutbox, parseOutboxStatus, resendFailed } from "~/features/dashboard/outbox.server";
import { pageFromUrl } from "~/lib/pagination";
import { readFormData } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";

const intentSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("resend"), id: z.string().uuid() })]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdminActor(env, request);
  const url = new URL(request.url);
  const status = parseOutboxStatus(url.searchParams.get("status"));
  return { status, list: await listOutbox(env, status, pageFromUrl(url)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ error: "Unknown action" }, { status: 400 });
  const back = new URL(request.url);
  const resent = await resendFailed(env, parsed.data.id, actor);
  return redirectWithToast(
    env,
    back.pathname + back.search,
    resent
      ? { type: "success", title: "Email re-queued", description: "It will be sent in a moment." }
      : { type: "error", title: "Only failed emails can be resent" },
  );
}

export default function OutboxRoute() {
  const { status, list } = useLoaderData<typeof loader>();
  return <OutboxTab status={status} list={list} />;
}
