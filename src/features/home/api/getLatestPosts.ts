import { queryOptions } from "@tanstack/react-query";
import { HOME_FORUM_POSTS, type ForumPostDto } from "@domain/home";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /latest-posts?limit=4`: the forum's newest posts. */
export const latestPostsQueryOptions = (limit = HOME_FORUM_POSTS) =>
  queryOptions({
    queryKey: homeKeys.latestPosts(limit),
    queryFn: async ({ signal }) => (await api<ForumPostDto[]>("/latest-posts", { query: { limit }, signal })).payload,
    staleTime: 10 * 60_000,
  });
