import { TABLET_HEADER, TabletPasswordSignInBody, TabletPinSignInBody, TabletSessionDtoSchema } from "../../../domain/tablet";
import { TABLET_DEVICE } from "../../lib/access";
import { requestOrigin } from "../../lib/auth";
import { defineRoute } from "../../lib/route";
import { RATE } from "../../lib/rate-rules";
import type { Deps } from "../../lib/deps";
import { requireTablet } from "../../services/tablet/devices";
import { signInWithPassword, signInWithPin } from "../../services/tablet/pupils";
import { tabletOf } from "./device";

/** A sign-in is counted against the tablet asking (a request without a live credential is refused, 401, uncounted). */
const perTablet = async ({ deps, header }: { deps: Deps; header: (name: string) => string | undefined }) =>
  `tablet:${(await requireTablet(deps, header(TABLET_HEADER))).id}`;

export const signInPin = defineRoute({
  method: "post",
  path: "/tablet/sign-in/pin",
  summary: "Class tablet only (X-Tablet-Key): a pupil of its class signs in with their PIN (dead after 5 wrong tries: 409 pin_locked)",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  body: TabletPinSignInBody,
  bodyLimit: 1024,
  rateLimits: [{ rule: RATE.tabletSignInIp }, { rule: RATE.tabletSignIn, subject: perTablet }],
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
  rateLimits: [
    { rule: RATE.tabletSignInIp },
    { rule: RATE.tabletSignIn, subject: perTablet },
    { rule: RATE.loginUser, subject: ({ body }) => `tablet-user:${body.user_id}` },
  ],
  answer: TabletSessionDtoSchema,
  handler: async ({ deps, body, ip, c }) => ({ payload: await signInWithPassword(deps, await tabletOf(deps, c), body, requestOrigin(ip, undefined)) }),
});
