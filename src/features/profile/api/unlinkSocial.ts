import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SocialProvider } from "@domain/social";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";

/** `DELETE /auth/social/{provider}`: refused (409 social_last_way_in) when it is the account's only way in. */
export function useUnlinkSocial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (provider: SocialProvider) => {
      await api<null>(`/auth/social/${provider}`, { method: "DELETE" });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
