import { useMutation } from "@tanstack/react-query";
import type { SocialProvider } from "@domain/social";
import { api } from "@/lib/api";

/**
 * `POST /auth/social/{provider}/start`: the server binds the round trip to this browser (an HttpOnly cookie) and
 * answers the provider's URL, which the page then opens in the same window (an installed app comes back to itself).
 */
export function useSocialStartMutation() {
  return useMutation({
    mutationFn: async (input: { provider: SocialProvider; nextPage?: "offres"; referral?: string }) =>
      (
        await api<{ url: string }>(`/auth/social/${input.provider}/start`, {
          method: "POST",
          body: { nextPage: input.nextPage, referral: input.referral || undefined },
          anonymous: true,
        })
      ).payload.url,
  });
}
