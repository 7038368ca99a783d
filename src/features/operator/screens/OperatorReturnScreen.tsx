import { useEffect, useRef } from "react";
import { Alert, Anchor, Box, Button, Center, Container, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OperatorActivationDto } from "@domain/operator";
import { Logo } from "@/components/Logo";
import { setClientType } from "@/lib/clientType";
import { describeError } from "@/lib/i18n/errors";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { useConfirmOperatorReturn, useReportOperatorFailure, type OperatorReturnQuery } from "../api/operatorReturn";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Box className="darsi-auth-bg" mih="100dvh">
      <Container size={480} px="md" py="xl">
        <Box mb="lg" component="header">
          <Logo size={32} />
        </Box>
        <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: "lg", xs: "xl" }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}

export interface OperatorSuccessScreenProps {
  query: OperatorReturnQuery;
  /** Whether a session is open on this device (the pupil subscribed from their account). */
  signedIn: boolean;
  /** A visitor whose account the subscription created: open the session (as login does). */
  onSignedIn: (token: string, expiresAt: string | null) => void;
  /** Access granted: go to the home page. */
  onDone: () => void;
  /** The link no longer signs in (used before, or too late): go to /login. */
  onLogin: () => void;
}

/**
 * `/digitalvirgo/success`: sends the operator's return to the server once (`GET /digitalvirgo/success` with
 * checkFromFront), then signs the new subscriber in and goes home with access granted. The link signs in once: a
 * link the server answers without a session (used before, or too late) goes to /login, where the subscriber signs in
 * with their phone (the SMS gave a code to choose a password).
 */
export function OperatorSuccessScreen({ query, signedIn, onSignedIn, onDone, onLogin }: OperatorSuccessScreenProps) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Abonnement activé`);
  const confirm = useConfirmOperatorReturn();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(query, {
      onSuccess: (activation: OperatorActivationDto) => {
        if (activation.token) {
          // A subscriber the operator brought: the home greets them once with the welcome dialog (SPEC §2 "Modals").
          setClientType("digitalvirgo");
          onSignedIn(activation.token, activation.expires_at ?? null);
        }
        if (activation.token || signedIn) onDone();
        else onLogin();
      },
    });
  }, [confirm, query, signedIn, onSignedIn, onDone, onLogin]);

  if (confirm.isError) {
    return (
      <Frame>
        <Stack gap="md">
          <Title order={1} fz="h2">
            <Trans>Une erreur est survenue</Trans>
          </Title>
          <Alert color="red" variant="light" data-testid="operator-return-error">
            {describeError(i18n, confirm.error)}
          </Alert>
          <Anchor component={Link} to="/offers/ooredoo">
            <Trans>Retour aux offres Ooredoo</Trans>
          </Anchor>
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame>
      <Center py="xl">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>
            <Trans>Activation de votre abonnement…</Trans>
          </Text>
        </Stack>
      </Center>
    </Frame>
  );
}

/**
 * `/digitalvirgo/echec`: records the failure (`POST /digitalvirgo/echec`) and says so. A confirmation the pupil
 * cancelled on the operator's page (the signed return's `status=cancelled`) is no payment error: the screen says the
 * subscription was cancelled and that nothing was charged.
 */
export function OperatorFailureScreen({ query }: { query: OperatorReturnQuery }) {
  const { t } = useLingui();
  const cancelled = query.status === "cancelled";
  useDocumentTitle(cancelled ? t`Abonnement annulé` : t`Une erreur est survenue`);
  const report = useReportOperatorFailure();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !query.orderId) return;
    sent.current = true;
    report.mutate(query);
  }, [report, query]);
  return (
    <Frame>
      <Stack gap="md">
        <Title order={1} fz="h2">
          {cancelled ? <Trans>Abonnement annulé</Trans> : <Trans>Une erreur est survenue</Trans>}
        </Title>
        {cancelled ? (
          <Alert color="blue" variant="light" data-testid="operator-cancelled">
            <Trans>Vous avez annulé l'abonnement sur la page de l'opérateur. Aucun montant n'a été débité : vous pouvez vous abonner quand vous le souhaitez.</Trans>
          </Alert>
        ) : (
          // The title in the text's own colour: the alert's coloured title read under 4.5:1 (axe, WCAG 1.4.3).
          <Alert color="red" variant="light" data-testid="operator-echec">
            <Text fw={700} mb={4}>
              {t`Erreur de paiement`}
            </Text>
            <Trans>La transaction n'a pas pu aboutir, veuillez réessayer plus tard</Trans>
          </Alert>
        )}
        <Button component={Link} to="/offers/ooredoo" loading={report.isPending}>
          <Trans>Retour aux offres Ooredoo</Trans>
        </Button>
      </Stack>
    </Frame>
  );
}
