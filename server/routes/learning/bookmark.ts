import { BookmarkBody, BookmarkParams } from "../../../domain/schemas/learning";
import { readIdempotencyKey, requestHash } from "../../lib/idempotency";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { toggleBookmark } from "../../services/learning/bookmarks";
import { BookmarkToggleDtoSchema } from "../../../domain/learning";

export default defineRoute({
  method: "post",
  path: "/user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark",
  summary: "Toggle the bookmark of a lesson the pupil can open (403 when locked); honours Idempotency-Key",
  tag: "learning",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  answer: BookmarkToggleDtoSchema,
  params: BookmarkParams,
  body: BookmarkBody,
  response: "{ bookmarked: boolean }",
  handler: async ({ deps, auth, params, body, c }) => {
    const key = readIdempotencyKey(c.req.header("idempotency-key"));
    const { result, replayed } = await toggleBookmark(deps, auth, {
      ...params,
      idempotencyKey: key,
      requestHash: requestHash("POST", c.req.path, body),
    });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result };
  },
});
