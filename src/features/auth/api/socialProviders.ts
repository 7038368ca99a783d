import { queryOptions } from "@tanstack/react-query";
import type { SocialProvider } from "@domain/social";
import { api } from "@/lib/api";
import { authKeys } from "./auth.keys";

/** `GET /auth/social/providers`: the providers this server offers (only their buttons are shown). */
export const socialProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.socialProviders(),
    queryFn: async ({ signal }) =>
      (await api<{ providers: SocialProvider[] }>("/auth/social/providers", { signal, anonymous: true })).payload.providers,
    staleTime: 60 * 60 * 1000,
  });
