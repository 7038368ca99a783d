/**
 * The external forum (SPEC §1: "forum (external site, for Silver+ or Gold full-year subscribers)") and its feed of
 * latest posts (SPEC §7 `GET /latest-posts`). The real forum cannot be reached from here, so the feed goes through this
 * interface; the local implementation reads seeded posts and answers exactly like the feed: newest first, at most
 * `limit`, each post with its absolute URL on the forum (FORUM_URL).
 */
import type { Db } from "../../db/client";
import { createLocalForumFeed } from "./local";
import type { ForumFeed } from "./types";

export {  type ForumFeed } from "./types";

/** The forum feed for this database and forum: the local stand-in (no remote forum can be reached from here). */
export function forumFeed(deps: { db: Db; env: { FORUM_URL: string } }): ForumFeed {
  return createLocalForumFeed(deps.db, deps.env.FORUM_URL);
}
