/** The server half of the dashboard's resources, by tab, and their loaders and actions (each behind requireAdmin). */
import { blogsServer } from "~/features/blog/blog.resource.server";
import { contentBlocksServer, guidesServer, pagesServer } from "~/features/content/resources.server";
import { mediaServer } from "~/features/media/media.resource.server";
import { qaServer } from "~/features/qa/qa.resource.server";
import { createResourceHandlers, type ResourceServer } from "~/lib/admin-resource/server";
import { requireAdmin } from "./auth.server";

const SERVERS: Record<string, ResourceServer> = Object.fromEntries(
  ([pagesServer, guidesServer, contentBlocksServer, qaServer, blogsServer, mediaServer] as ResourceServer[]).map((r) => [r.def.tab, r]),
);

export const resourceHandlers = createResourceHandlers((tab) => (tab ? SERVERS[tab] : undefined), requireAdmin);
