import { useEffect } from "react";
import { Center, Loader, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { homeAfterLogin } from "@domain/guards";
import type { SocialProvider } from "@domain/social";
import { authKeys } from "../api/auth.keys";
import { socialCallback, type SocialCallbackResult } from "../api/socialCallback";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { rememberLoginQuery, signIn } from "../session";

/** One exchange per return, even when React runs the effect twice (the server spends the cookie on the first). */
const returns = new Map<string, Promise<SocialCallbackResult>>();

export interface SocialReturn {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * /login/{provider}/callback: the provider's return. The code leaves the address bar at once; the server checks the
 * state against this browser's cookie, then signs in (or links, from /mon-profil). Any refusal ends on /login (or the
 * profile) with the translated reason.
 */
export function SocialCallbackScreen({ provider, back }: { provider: SocialProvider; back: SocialReturn }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const key = `${provider}:${back.state ?? ""}:${back.code ?? back.error ?? ""}`;
    let exchange = returns.get(key);
    if (!exchange) {
      exchange = socialCallback(provider, back);
      returns.set(key, exchange);
    }
    exchange
      .then(async (result) => {
        if (result.outcome === "linked") {
          // The profile shows the provider linked: the kept copy of the pupil is stale.
          await queryClient.invalidateQueries({ queryKey: authKeys.me() });
          toast.success(t`Compte lié`);
          await navigate({ to: "/mon-profil", replace: true });
          return;
        }
        if (result.redirect) {
          window.location.assign(result.redirect);
          return;
        }
        signIn(result.token, result.expires_at);
        rememberLoginQuery(result.nextPage);
        toast.success(t`Connexion réussie`);
        // The guards send an incomplete profile to /mon-profil/edit first; nextPage is remembered for after it.
        await navigate({ href: homeAfterLogin(result.nextPage ?? null), replace: true });
      })
      .catch(async (err: unknown) => {
        toast.error(describeError(i18n, err));
        await navigate({ to: "/login", replace: true });
      });
  }, [provider, back, navigate, queryClient, i18n, t]);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" role="status">
        <Loader aria-label={t`Connexion en cours…`} />
        <Text c="dimmed">
          <Trans>Connexion en cours…</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
