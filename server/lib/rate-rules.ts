import type { RateRule } from "./rate-limit";

/** Limits on the abuse-prone endpoints (multiplied by RATE_LIMIT_FACTOR). */
export const RATE = {
  loginIp: { name: "login:ip", limit: 30, windowSeconds: 600 },
  loginUser: { name: "login:user", limit: 10, windowSeconds: 600 },
  registerIp: { name: "register:ip", limit: 10, windowSeconds: 3600 },
  codeSendUser: { name: "code-send:user", limit: 3, windowSeconds: 600 },
  codeSendIp: { name: "code-send:ip", limit: 20, windowSeconds: 3600 },
  codeCheckUser: { name: "code-check:user", limit: 10, windowSeconds: 600 },
  codeCheckIp: { name: "code-check:ip", limit: 30, windowSeconds: 600 },
  switchIp: { name: "switch:ip", limit: 10, windowSeconds: 600 },
  /** Social sign-in round trips (issue 21): a few tries per minute are plenty for a pupil. */
  socialIp: { name: "social:ip", limit: 30, windowSeconds: 600 },
  // A parent phone given by a pupil: a few corrections an hour, not a way to try numbers.
  parentPhoneUser: { name: "parent-phone:user", limit: 5, windowSeconds: 3600 },
  parentPhoneIp: { name: "parent-phone:ip", limit: 30, windowSeconds: 3600 },
  /** Gift cart changes (issue 20): a pupil filling a cart by hand stays far below. */
  giftCartUser: { name: "gift-cart:user", limit: 120, windowSeconds: 600 },
  /** Gift orders placed (or attempted) by one pupil. */
  giftOrderUser: { name: "gift-order:user", limit: 20, windowSeconds: 600 },
  /**
   * Sign-ins on a class tablet (issue 23): counted per tablet, not per address — a whole school is behind one address,
   * a class signs in by turns all day (a pupil every 10 s stays under it), and a wrong PIN is dead after 5 tries anyway.
   */
  tabletSignIn: { name: "tablet-sign-in:device", limit: 60, windowSeconds: 600 },
  /** The same per address, far above a school's tablets together: stops one address trying many stolen credentials. */
  tabletSignInIp: { name: "tablet-sign-in:ip", limit: 600, windowSeconds: 600 },
} satisfies Record<string, RateRule>;
