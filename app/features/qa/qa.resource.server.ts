/** The server half of the Q&A tab (see qa.resource.tsx): list by status with counts, edit with the stale-save check, delete. */
import { desc } from "drizzle-orm";
import { qaSubmissions } from "~/db/schema";
import type { ResourceServer } from "~/lib/admin-resource/server-types";
import { tableQueries } from "~/lib/admin-resource/table.server";
import { qaResource } from "./qa.resource";
import { EDGE_TAG } from "~/lib/edge-tags";

const queries = tableQueries(qaSubmissions, {
  search: qaSubmissions.title,
  orderBy: [desc(qaSubmissions.createdAt)],
  listColumns: ["id", "title", "category", "status", "isFeatured", "createdAt"],
  filter: qaSubmissions.status,
});

export const qaServer: ResourceServer<typeof qaResource> = {
  def: qaResource,
  list: queries.list,
  get: queries.get,
  update: (env, id, v, expected, actor, audit) =>
    queries.update(
      env,
      id,
      // An emptied answer is stored as none ('Answer Coming Soon').
      { title: v.title, question: v.question, answer: v.answer ?? null, category: v.category, status: v.status, isFeatured: v.isFeatured },
      expected,
      actor,
      audit,
    ),
  remove: queries.remove,
  edgeTags: (_env, { id }) => [...(id ? [EDGE_TAG.question(id)] : []), EDGE_TAG.list("qa")],
};
