import * as v from "valibot";
import { idSchema } from "../../../domain/schemas/common";
import { OPERATOR_KEY } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { announceContent, notifyDivision, notifyLogin } from "../../services/notifications/operator";
import { requireAdminKey } from "../admin/admin-key";
import { OperatorAnnounceDtoSchema, OperatorNotifyClassDtoSchema, OperatorNotifyDtoSchema } from "../../../domain/notifications";

const text = (max: number) => v.pipe(v.string("validation_failed"), v.trim(), v.nonEmpty("validation_failed"), v.maxLength(max, "validation_failed"));
const content = {
  title: text(120),
  body: text(2000),
  // Optional English and Arabic versions (the pupil reads the French when its language's is missing).
  titleEn: v.optional(text(120)),
  bodyEn: v.optional(text(2000)),
  titleAr: v.optional(text(120)),
  bodyAr: v.optional(text(2000)),
  link: v.optional(v.pipe(v.string(), v.maxLength(500, "validation_failed"))),
  category: v.optional(v.string()),
  message: v.optional(v.boolean()),
};

export default defineRoute({
  method: "post",
  path: "/admin/notify",
  summary: "Operator only (X-Admin-Key): one notification (and push) to a pupil by phone or e-mail; message: true also puts it in /inbox",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  answer: OperatorNotifyDtoSchema,
  body: v.object({ login: text(200), ...content }),
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await notifyLogin(deps, body.login, body) };
  },
});

export const adminNotifyClass = defineRoute({
  method: "post",
  path: "/admin/notify-class",
  summary: "Operator only (X-Admin-Key): the same notification to every pupil of a class (division id or name)",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  answer: OperatorNotifyClassDtoSchema,
  body: v.object({ division: text(120), ...content }),
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await notifyDivision(deps, body.division, body) };
  },
});

export const adminAnnounceContent = defineRoute({
  method: "post",
  path: "/admin/announce-content",
  summary: "Operator only (X-Admin-Key): a new lesson or session recording is out — its class's pupils are notified",
  tag: "admin",
  auth: "none",
  access: OPERATOR_KEY,
  answer: OperatorAnnounceDtoSchema,
  body: v.object({ contentId: idSchema }),
  handler: async ({ deps, body, c }) => {
    requireAdminKey(c, deps.secret);
    return { payload: await announceContent(deps, body.contentId) };
  },
});
