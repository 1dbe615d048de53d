/**
 * A broadcast's web version, `/newsletter/{slug}` (ADR 0025): shown once sending has started (the emails are out and
 * its content is frozen), and only when the admin chose it for that broadcast; anything else is a 404. A public
 * page, served from the edge cache (ADR 0020) under the tag `broadcast:<id>`; starting a broadcast purges it and the
 * cached 404s, and so must any later change of its web-version choice (`purgeWebVersion`).
 */
import { EDGE_TAG } from "~/lib/edge-tags";
import { purgeTags } from "~/lib/edge-purge.server";
import { parseSections } from "./body";

export const WEB_VERSION_PATH = "/newsletter";

/** The web version's address. */
export const webVersionUrl = (siteUrl: string, slug: string) => `${siteUrl.replace(/\/+$/, "")}${WEB_VERSION_PATH}/${slug}`;

export interface WebVersion {
  id: string;
  slug: string;
  subject: string;
  title: string;
  intro: string;
  sections: unknown[];
  /** The blog post it was made from, for the "read on the site" link. */
  postSlug: string | null;
  startedAt: number | null;
}

/** The web version at a slug: a broadcast whose sending started, with a web version chosen. One indexed read. */
export async function getWebVersion(env: Pick<Env, "DB">, slug: string): Promise<WebVersion | null> {
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return null;
  const row = await env.DB.prepare(
    `SELECT id, slug, subject, title, intro, sections, post_slug, started_at FROM broadcasts
     WHERE slug = ?1 AND web_version = 1 AND status IN ('sending', 'paused', 'sent')`,
  )
    .bind(slug)
    .first<{
      id: string;
      slug: string;
      subject: string;
      title: string;
      intro: string;
      sections: string;
      post_slug: string | null;
      started_at: number | null;
    }>();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    subject: row.subject,
    title: row.title,
    intro: row.intro,
    sections: parseSections(row.sections),
    postSlug: row.post_slug,
    startedAt: row.started_at,
  };
}

/** The edge cache's tags a change of a broadcast's web version purges: its page, and the 404 cached at its address. */
export const webVersionTags = (broadcastId: string) => [EDGE_TAG.broadcast(broadcastId), EDGE_TAG.notFound];

/** Purges a broadcast's web version everywhere (after it starts, or after its web-version choice changes). */
export const purgeWebVersion = (env: Env, broadcastId: string) => purgeTags(env, webVersionTags(broadcastId));
