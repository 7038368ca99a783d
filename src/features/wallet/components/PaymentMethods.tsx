import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import type { ReactNode } from "react";
import { Button, Card, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { IconBuildingBank, IconCreditCard, IconDeviceMobile, IconQrcode } from "@tabler/icons-react";
import { Trans } from "@lingui/react/macro";
import type { TopupMethod } from "@domain/schemas/wallet";
import { configQueryOptions } from "@/lib/config";
import classes from "./wallet.module.css";

function Method({ icon, title, text, action }: { icon: ReactNode; title: ReactNode; text: ReactNode; action: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" className={classes.method}>
      <Stack gap="xs" justify="space-between" h="100%">
        <Stack gap={4}>
          {icon}
          <Text fw={700} component="h3" fz="md" m={0}>
            {title}
          </Text>
          <Text size="sm">{text}</Text>
        </Stack>
        {action}
      </Stack>
    </Card>
  );
}

/** The ways to top up (SPEC §1): bank transfer or deposit, D17, online card payment, and the mobile operator's plans. */
export function PaymentMethods({ onChoose }: { onChoose: (method: TopupMethod) => void }) {
  // Card and D17 only where the deployment runs their gateway (GET /config).
  const { data: config } = useQuery(configQueryOptions);
  const offered = config?.paymentMethods ?? [];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" data-testid="payment-methods">
      {offered.includes("online") && (
        <Method
          icon={<IconCreditCard size={28} aria-hidden />}
          title={<Trans>Paiement en ligne</Trans>}
          text={<Trans>Par carte bancaire (CIB, e-Dinar, Visa, Mastercard) : vos points sont ajoutés aussitôt.</Trans>}
          action={
            <Button onClick={() => onChoose("online")} data-testid="method-online">
              <Trans>Payer par carte</Trans>
            </Button>
          }
        />
      )}
      {offered.includes("d17") && (
        <Method
          icon={<IconQrcode size={28} aria-hidden />}
          title={<Trans>D17</Trans>}
          text={<Trans>Scannez un QR code avec l'application D17 de La Poste Tunisienne.</Trans>}
          action={
            <Button onClick={() => onChoose("d17")} data-testid="method-d17">
              <Trans>Payer avec D17</Trans>
            </Button>
          }
        />
      )}
      <Method
        icon={<IconBuildingBank size={28} aria-hidden />}
        title={<Trans>Virement ou versement</Trans>}
        text={<Trans>Sur l'un de nos trois comptes bancaires, puis déclarez sa référence : validé par notre équipe.</Trans>}
        action={
          <Button onClick={() => onChoose("bank")} data-testid="method-bank">
            <Trans>Déclarer un virement</Trans>
          </Button>
        }
      />
      <Method
        icon={<IconDeviceMobile size={28} aria-hidden />}
        title={<Trans>Opérateur mobile</Trans>}
        text={<Trans>Abonnement payé sur votre facture ou votre solde téléphonique, par jour ou par semaine.</Trans>}
        action={
          <Button component={Link} to="/offers/ooredoo" variant="light" data-testid="method-operator">
            <Trans>Voir les offres opérateur</Trans>
          </Button>
        }
      />
    </SimpleGrid>
  );
}
