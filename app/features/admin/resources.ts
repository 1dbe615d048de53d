/**
 * The dashboard's resources on the admin resource pattern, by tab (browser
 * half: schema, fields, columns, messages). A new resource is declared in its
 * feature folder and added here and in resources.server.ts.
 */
import { blogsResource } from "~/features/blog/blog.resource";
import { contentBlocksResource, guidesResource, pagesResource } from "~/features/content/resources";
import type { ResourceDef } from "~/lib/admin-resource/types";

export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [pagesResource, guidesResource, contentBlocksResource, blogsResource].map((def) => [def.tab, def as ResourceDef]),
);

export function resourceDef(tab: string | undefined): ResourceDef {
  const def = tab ? RESOURCES[tab] : undefined;
  if (!def) throw new Error(`No admin resource "${tab}"`);
  return def;
}
