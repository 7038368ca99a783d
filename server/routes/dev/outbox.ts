import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { OutboxEntryDtoSchema } from "../../../domain/admin";
import * as v from "valibot";

export default defineRoute({
  method: "get",
  path: "/dev/outbox",
  summary: "Messages the local SMS/e-mail gateway sent, newest first (only with DEV_OUTBOX=true, never in production)",
  tag: "dev",
  auth: "none",
  access: PUBLIC,
  answer: v.array(OutboxEntryDtoSchema),
  handler: async ({ deps }) => ({ payload: await deps.messaging.outbox(100) }),
});
