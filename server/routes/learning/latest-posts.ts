import * as v from "valibot";
import { ForumPostDtoSchema, HOME_FORUM_POSTS } from "../../../domain/home";
import { limitQuery } from "../../../domain/schemas/home";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { latestForumPosts } from "../../services/learning/home";

export default defineRoute({
  method: "get",
  path: "/latest-posts",
  summary: "The forum's latest posts (?limit=1–12, default 4), newest first, linked on FORUM_URL",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(ForumPostDtoSchema),
  query: limitQuery(HOME_FORUM_POSTS),
  response: "ForumPostDto[]",
  handler: async ({ deps, query }) => ({ payload: await latestForumPosts(deps, query.limit) }),
});
