/** The server half of the dashboard's resources, by tab, and their loaders and actions (each behind requireAdminActor). */
import { blogsServer } from "~/features/blog/index.server";
import { contentBlocksServer, contentFieldKind, guidesServer, MEDIA_SRC, pagesServer } from "~/features/content/index.server";
import { mediaServer } from "~/features/media/index.server";
import { qaServer } from "~/features/qa/index.server";
import { createResourceHandlers } from "~/lib/admin-resource/server";
import type { MediaLibrary, ResourceServer } from "~/lib/admin-resource/server-types";
import { listMediaForPicker, mediaSizes, storeImage, toMediaItem } from "~/features/media/index.server";
import { mediaSrc } from "~/features/media";
import { requireAdminActor } from "~/features/auth/index.server";

const SERVERS: Record<string, ResourceServer> = Object.fromEntries(
  ([pagesServer, guidesServer, contentBlocksServer, qaServer, blogsServer, mediaServer] as ResourceServer[]).map((r) => [r.def.tab, r]),
);

/** The media library, as content forms use it: pick, upload from the form, and the true sizes on save. */
const library: MediaLibrary = {
  list: (env) => listMediaForPicker(env),
  async store(env, file, alt, actor) {
    const stored = await storeImage(env, file, { alt, actor });
    return "error" in stored ? stored : toMediaItem(stored);
  },
  async sizes(env, srcs) {
    const keys = srcs.filter((src) => MEDIA_SRC.test(src)).map((src) => src.slice("/media/".length));
    const sizes = await mediaSizes(env, keys);
    return new Map([...sizes].map(([key, size]) => [mediaSrc(key), size]));
  },
};

export const resourceHandlers = createResourceHandlers((tab) => (tab ? SERVERS[tab] : undefined), requireAdminActor, library, {
  content: contentFieldKind,
});
