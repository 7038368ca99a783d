import { meKey } from "@/lib/me";

/** Query keys of the auth feature (the current user lives in src/lib/me.ts, shared by every feature). */
export const authKeys = {
  me: () => meKey,
  socialProviders: () => ["auth", "social-providers"] as const,
};
