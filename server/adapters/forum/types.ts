import type { ForumPostDto } from "../../../domain/home";

export interface ForumFeed {
  /** The newest posts, newest first. */
  latestPosts(limit: number): Promise<ForumPostDto[]>;
}

/** Where a topic lives on the forum: `{FORUM_URL}/t/{slug}/{id}` (the forum's own topic URLs). */
export function topicUrl(forumUrl: string, slug: string, id: number): string {
  const base = forumUrl.endsWith("/") ? forumUrl : `${forumUrl}/`;
  return new URL(`t/${encodeURIComponent(slug)}/${id}`, base).toString();
}
