import type { ReactNode } from "react";
import { Alert, Button, Stack, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, Navigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconGift } from "@tabler/icons-react";
import { meQueryOptions } from "@/lib/me";
import { useDocumentTitle } from "@/lib/useDocumentTitle";

/** Which referral page is guarded: the code's page and the generation page redirect to each other (SPEC §2). */
export type ReferralPage = "code" | "generate" | "other";

/** What a pupil who is not eligible sees on any referral page (SPEC §2 "Referral pages"). */
function ReferralFallback() {
  const { t } = useLingui();
  useDocumentTitle(t`Parrainage`);
  return (
    <Stack gap="lg" data-testid="referral-fallback">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Parrainage</Trans>
      </Title>
      <Alert
        color="gray"
        variant="light"
        icon={<IconGift size={18} aria-hidden />}
        title={t`Réservé aux élèves fidèles`}
      >
        <Trans>
          Le parrainage est ouvert aux élèves abonnés à une offre principale
          pour toute l'année scolaire, ou abonnés chaque mois depuis la rentrée.
          Vous pourrez alors partager votre code cadeau et gagner des jetons.
        </Trans>
      </Alert>
      <Button
        component={Link}
        to="/offres"
        variant="light"
        style={{ alignSelf: "flex-start" }}
      >
        <Trans>Voir les offres</Trans>
      </Button>
    </Stack>
  );
}

/**
 * Every referral page goes through here: a pupil who is not eligible sees the fallback; an eligible pupil without a
 * gift code who opens `/gift-code` goes to `/generate-gift-code`, one with a code who opens the generation page goes to
 * `/gift-code`.
 */
export function ReferralGate({
  page,
  children,
}: {
  page: ReferralPage;
  children: ReactNode;
}) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  if (!me.permissions.eligibleUserForGift) return <ReferralFallback />;
  if (page === "code" && !me.gift_code)
    return <Navigate to="/generate-gift-code" replace />;
  if (page === "generate" && me.gift_code)
    return <Navigate to="/gift-code" replace />;
  return <>{children}</>;
}
