import { TabletPasswordSignInBody, TabletPinSignInBody, TabletSessionDtoSchema } from "../../../domain/tablet";
import { TABLET_DEVICE } from "../../lib/access";
import { requestOrigin } from "../../lib/auth";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import { signInWithPassword, signInWithPin } from "../../services/tablet/pupils";
import { tabletOf } from "./device";

export const signInPin = defineRoute({
  method: "post",
  path: "/tablet/sign-in/pin",
  summary: "Class tablet only (X-Tablet-Key): a pupil of its class signs in with their PIN (dead after 5 wrong tries: 409 pin_locked)",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  body: TabletPinSignInBody,
  bodyLimit: 1024,
  rateLimits: [{ rule: RATE.loginIp }],
  answer: TabletSessionDtoSchema,
  handler: async ({ deps, body, ip, c }) => ({ payload: await signInWithPin(deps, await tabletOf(deps, c), body, requestOrigin(ip, undefined)) }),
});

export const signInPassword = defineRoute({
  method: "post",
  path: "/tablet/sign-in/password",
  summary: "Class tablet only (X-Tablet-Key): a pupil of its class signs in with their real password and chooses their PIN on this tablet",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  body: TabletPasswordSignInBody,
  bodyLimit: 2 * 1024,
  rateLimits: [{ rule: RATE.loginIp }, { rule: RATE.loginUser, subject: ({ body }) => `tablet-user:${body.user_id}` }],
  answer: TabletSessionDtoSchema,
  handler: async ({ deps, body, ip, c }) => ({ payload: await signInWithPassword(deps, await tabletOf(deps, c), body, requestOrigin(ip, undefined)) }),
});
