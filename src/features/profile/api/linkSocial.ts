import { useMutation } from "@tanstack/react-query";
import type { SocialProvider } from "@domain/social";
import { api } from "@/lib/api";

/** `POST /auth/social/{provider}/link`: the provider's URL for linking it to this account (the return lands on /login/{provider}/callback). */
export function useLinkSocial() {
  return useMutation({
    mutationFn: async (provider: SocialProvider) => (await api<{ url: string }>(`/auth/social/${provider}/link`, { method: "POST" })).payload.url,
  });
}
