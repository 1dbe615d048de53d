/**
 * The dashboard's resources on the admin resource pattern, by tab (browser
 * half: schema, fields, columns, messages). A new resource is declared in its
 * feature folder and added here and in resources.server.ts.
 */
import { blogsResource } from "~/features/blog";
import { contentBlocksResource, guidesResource, pagesResource } from "~/features/content";
import { mediaResource } from "~/features/media";
import { qaResource } from "~/features/qa";
import type { AnyResourceDef } from "~/lib/admin-resource/types";

const RESOURCES: Record<string, AnyResourceDef> = Object.fromEntries(
  ([pagesResource, guidesResource, contentBlocksResource, qaResource, blogsResource, mediaResource] as AnyResourceDef[]).map((def) => [
    def.tab,
    def,
  ]),
);

export function resourceDef(tab: string | undefined): AnyResourceDef {
  const def = tab ? RESOURCES[tab] : undefined;
  if (!def) throw new Error(`No admin resource "${tab}"`);
  return def;
}
