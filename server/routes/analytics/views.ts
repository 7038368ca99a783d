import { ViewBody, ViewDtoSchema } from "../../../domain/schemas/analytics";
import { readIdempotencyKey, requestHash } from "../../lib/idempotency";
import { PUPIL_ONLY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { recordView } from "../../services/analytics/views";

export default defineRoute({
  method: "post",
  base: "/svc/analytics",
  path: "/views",
  summary: "Record a view of a lesson (the magazine was opened); honours Idempotency-Key",
  tag: "analytics",
  auth: "required",
  access: { ...PUPIL_ONLY, otherPupil: 404 },
  rateLimits: [{ rule: { name: "view:user", limit: 120, windowSeconds: 60 }, subject: ({ auth }) => String(auth?.userId) }],
  body: ViewBody,
  response: "{ content_id, views }",
  answer: ViewDtoSchema,
  handler: async ({ deps, auth, body, c }) => {
    const key = readIdempotencyKey(c.req.header("idempotency-key"));
    const { result, replayed } = await recordView(deps, auth, {
      contentId: body.content_id,
      idempotencyKey: key,
      requestHash: requestHash("POST", c.req.path, body),
    });
    if (replayed) c.header("Idempotency-Replayed", "true");
    return { payload: result, status: 201 };
  },
});
