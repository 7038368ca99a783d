import type { SocialProvider } from "@domain/social";
import { api } from "@/lib/api";

export type SocialCallbackResult =
  | { outcome: "signed_in"; token: string; expires_at: string; user_type: string; redirect?: string; nextPage?: "offres"; referral?: string; created?: boolean }
  | { outcome: "linked" };

/** `GET /auth/social/{provider}/callback?code&state`: the server checks the state against its cookie and signs in or links. */
export async function socialCallback(provider: SocialProvider, query: { code?: string | undefined; state?: string | undefined; error?: string | undefined }) {
  return (await api<SocialCallbackResult>(`/auth/social/${provider}/callback`, { query })).payload;
}
