import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { BROADCAST_MESSAGES } from "~/features/broadcasts";
import { getBroadcast, PREVIEW_POLICY, previewEmail } from "~/features/broadcasts/index.server";

/** A broadcast's email as the pipeline renders it, for the preview frames (admins only; sandboxed, framed by the site alone). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const broadcast = await getBroadcast(env, params.id ?? "");
  if (!broadcast) throw new Response(BROADCAST_MESSAGES.notFound, { status: 404 });
  const email = await previewEmail(env, broadcast, admin.email);
  const html = email?.html ?? `<!doctype html><p>${BROADCAST_MESSAGES.postUnavailable}</p>`;
  return new Response(html, {
    status: email ? 200 : 409,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": PREVIEW_POLICY,
    },
  });
}
