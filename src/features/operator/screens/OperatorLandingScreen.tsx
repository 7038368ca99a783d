import { useState } from "react";
import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OperatorLevel } from "@domain/operator";
import { LanguageLinks } from "@/components/LanguageLinks";
import { Logo } from "@/components/Logo";
import { ThemeToggle } from "@/components/ThemeToggle";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { Benefits } from "../components/Benefits";
import { HowToVideo } from "../components/HowToVideo";
import { OfferSlider } from "../components/OfferSlider";
import { SubscribeModal } from "../components/SubscribeModal";
import classes from "../components/operator.module.css";

/**
 * `/offers/ooredoo` (public): the mobile-operator landing page — the offer of each level in a slider, the how-to
 * video, the benefits and the subscribe modal (SPEC §2).
 */
export function OperatorLandingScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Abonnement Ooredoo`);
  const [modal, setModal] = useState<{ level: OperatorLevel; n: number } | null>(null);
  const [count, setCount] = useState(0);
  const open = (level: OperatorLevel) => {
    setCount((c) => c + 1);
    setModal({ level, n: count + 1 });
  };
  return (
    <Box className={classes.page}>
      <Container size="lg" px="md" py="sm" component="header">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to="/login" aria-label={t`Darsi, se connecter`} underline="never">
            <Logo size={32} />
          </Anchor>
          <Group gap={4} wrap="nowrap">
            <LanguageLinks />
            <ThemeToggle />
          </Group>
        </Group>
      </Container>
      <main>
        <Box className={classes.hero}>
          <Container size="lg" px="md">
            <Stack gap="md" align="flex-start">
              <Title order={1} className={classes.heroTitle}>
                <Trans>Darsi avec Ooredoo : tous vos cours, payés sur votre crédit</Trans>
              </Title>
              <Text size="lg" className={classes.heroText}>
                <Trans>Un abonnement Silver au jour ou à la semaine, sans carte bancaire et sans engagement.</Trans>
              </Text>
              <Group gap="sm">
                <Button size="lg" color="gray.0" c="red.9" radius="md" onClick={() => open("baccalaureate")} data-testid="operator-hero-subscribe">
                  <Trans>S'abonner maintenant</Trans>
                </Button>
                <Button size="lg" variant="outline" color="gray.0" radius="md" component={Link} to="/login">
                  <Trans>J'ai déjà un compte</Trans>
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>
        <Container size="lg" px="md" py="xl">
          <Stack gap={40}>
            <OfferSlider onSubscribe={open} />
            <HowToVideo />
            <Benefits />
          </Stack>
        </Container>
      </main>
      <Container size="lg" px="md" py="lg" component="footer">
        <Text size="sm" c="dimmed" ta="center">
          <Trans>Service réservé aux clients Ooredoo Tunisie. Désabonnement à tout moment depuis le menu de votre compte.</Trans>
        </Text>
      </Container>
      {modal && <SubscribeModal key={modal.n} opened onClose={() => setModal(null)} level={modal.level} />}
    </Box>
  );
}
