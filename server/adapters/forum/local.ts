import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { forumPosts } from "../../db/schema";
import { topicUrl, type ForumFeed } from "./types";

/** The local forum feed: the seeded `forum_posts`, newest first, linked on FORUM_URL like the real topics. */
export function createLocalForumFeed(db: Db, forumUrl: string): ForumFeed {
  return {
    async latestPosts(limit) {
      const rows = await db.select().from(forumPosts).orderBy(desc(forumPosts.createdAt), desc(forumPosts.id)).limit(limit);
      return rows.map((p) => ({
        id: p.id,
        title: p.title,
        author: p.author,
        category: p.category,
        replies: p.replies,
        created_at: p.createdAt.toISOString(),
        url: topicUrl(forumUrl, p.slug, p.id),
      }));
    },
  };
}
