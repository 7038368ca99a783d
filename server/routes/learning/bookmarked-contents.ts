import * as v from "valibot";
import { PageQuery } from "../../../domain/schemas/learning";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listBookmarks } from "../../services/learning/bookmarks";
import { BookmarkDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "get",
  path: "/student/bookmarked-contents",
  summary: "The pupil's bookmarks, newest first (?page, ?perPage 10/25/100)",
  tag: "learning",
  auth: "required",
  access: PUPIL_ONLY,
  answer: v.array(BookmarkDtoSchema),
  query: PageQuery,
  response: "BookmarkDto[] with meta",
  handler: async ({ deps, auth, query }) => listBookmarks(deps, auth.userId, query.page, query.perPage),
});
