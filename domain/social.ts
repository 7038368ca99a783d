import * as v from "valibot";

/** The sign-in providers of SPEC §2 (`/login/{provider}/callback`). */
export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SocialProviderSchema = v.picklist(SOCIAL_PROVIDERS);

/** What the sign-in button sends: where to go after (SPEC §2 `nextPage=offres`) and a saved referral code. */
export const SocialStartSchema = v.object({
  nextPage: v.optional(v.picklist(["offres"])),
  referral: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40), v.regex(/^[A-Za-z0-9_-]*$/))),
});

export const SocialStartDtoSchema = v.object({ url: v.string() });

/** The provider's return (`/login/{provider}/callback?code&state`, or `error=access_denied`). */
export const SocialCallbackQuerySchema = v.object({
  code: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  state: v.optional(v.pipe(v.string(), v.maxLength(256))),
  error: v.optional(v.pipe(v.string(), v.maxLength(256))),
});

export const SocialCallbackDtoSchema = v.object({
  /** `signed_in` (a token follows) or `linked` (the provider was linked to the signed-in account). */
  outcome: v.picklist(["signed_in", "linked"]),
  token: v.optional(v.string()),
  expires_at: v.optional(v.string()),
  user_type: v.optional(v.string()),
  redirect: v.optional(v.string()),
  nextPage: v.optional(v.picklist(["offres"])),
  referral: v.optional(v.string()),
  created: v.optional(v.boolean()),
});

export const SocialProvidersDtoSchema = v.object({ providers: v.array(SocialProviderSchema) });
