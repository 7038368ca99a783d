import { useEffect, useState } from "react";
import { Anchor, Center, Loader, Stack, Text } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { clearSession } from "@/lib/session";
import { switchSession } from "../api/switchSession";
import { signIn } from "../session";
import { AuthFrame } from "../components/AuthLayout";

/** One exchange per link, even when React runs the effect twice. */
const exchanges = new Map<string, ReturnType<typeof switchSession>>();

/** /switch: an operator's one-time link, in the sign-in pages' frame; the token leaves the URL and the history at once. */
export interface SwitchLink {
  token?: string | undefined;
  adminId?: string | undefined;
  userId?: string | undefined;
}

export function SwitchScreen({ link }: { link: SwitchLink }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(
    () => !link.token && exchanges.size === 0,
  );

  useEffect(() => {
    const { token, adminId, userId } = link;
    if (!token) return;
    void navigate({ to: "/switch", search: {}, replace: true });
    let exchange = exchanges.get(token);
    if (!exchange) {
      clearSession();
      exchange = switchSession({
        token,
        adminId: Number(adminId),
        userId: Number(userId),
      });
      exchanges.set(token, exchange);
    }
    exchange
      .then((result) => {
        signIn(result.token, result.expires_at, result.admin_user_id);
        return navigate({ to: "/", replace: true });
      })
      .catch(() => setFailed(true));
  }, [link, navigate]);

  return (
    <AuthFrame>
      <Center mih={160} data-testid="switch-screen">
        {failed ? (
          <Stack align="center" ta="center" role="alert">
            <Text fw={600}>
              <Trans>Ce lien de connexion est invalide ou a expiré.</Trans>
            </Text>
            <Anchor component={Link} to="/login">
              <Trans>Aller à la connexion</Trans>
            </Anchor>
          </Stack>
        ) : (
          <Stack align="center" role="status">
            <Loader aria-label={t`Connexion en cours…`} />
            <Text c="dimmed">
              <Trans>Connexion en cours…</Trans>
            </Text>
          </Stack>
        )}
      </Center>
    </AuthFrame>
  );
}
