import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Card.css";
import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Card, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import { ceilToDinar } from "@domain/money";
import type { TopupMethod } from "@domain/schemas/wallet";
import { useFormatMillimes, usePointsWord } from "@/lib/i18n/labels";
import { meQueryOptions } from "@/lib/me";
import { toast } from "@/lib/toast";
import { TablePager } from "@/components/TablePager";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { pointsHistoryQueryOptions } from "../api/getPointsHistory";
import { BankAccounts } from "../components/BankAccounts";
import { PaymentMethods } from "../components/PaymentMethods";
import { PointsHistory } from "../components/PointsHistory";
import { TopupModal } from "../components/TopupModal";
import classes from "../components/wallet.module.css";
import type { WalletSearch } from "../search";

export interface WalletScreenProps extends WalletSearch {
  onChange: (next: WalletSearch) => void;
  /** The point-transfer panel (mounted by the route), shown under "Transférer des points". */
  transfers?: ReactNode;
}

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Stack gap="sm" component="section" data-testid={testId}>
      <Title order={2} fz="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /porte-monnaie: balance, payment result, missing points, payment methods, bank accounts, transfers, history. */
export function WalletScreen({ page, perPage, missing, payment, onChange, transfers }: WalletScreenProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Porte monnaie`);
  const [method, setMethod] = useState<TopupMethod | null>(null);
  const warned = useRef(false);
  useEffect(() => {
    // SPEC §8: the return from a failed payment shows a "Payment Error" warning.
    if (payment === "failed" && !warned.current) {
      warned.current = true;
      toast.show({ color: "orange", title: t`Payment Error`, message: t`La transaction n'a pas pu aboutir, veuillez réessayer plus tard` });
    }
  }, [payment, t]);
  const dismiss = () => onChange({ page, perPage, missing, payment: undefined });

  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Porte monnaie</Trans>
      </Title>
      {payment === "success" && (
        <Alert classNames={{ title: classes.alertTitle }} color="teal" icon={<IconCircleCheck aria-hidden />} title={t`Recharge effectuée`} withCloseButton closeButtonLabel={t`Fermer`} onClose={dismiss} data-testid="payment-success">
          <Trans>Votre paiement a été confirmé : les points ont été ajoutés à votre porte-monnaie.</Trans>
        </Alert>
      )}
      {payment === "failed" && (
        <Alert classNames={{ title: classes.alertTitle }} color="red" icon={<IconAlertTriangle aria-hidden />} title={t`Une erreur est survenue`} withCloseButton closeButtonLabel={t`Fermer`} onClose={dismiss} data-testid="payment-failed">
          <Trans>La transaction n'a pas pu aboutir, veuillez réessayer plus tard</Trans>
        </Alert>
      )}
      {payment === "pending" && (
        <Alert classNames={{ title: classes.alertTitle }} color="blue" icon={<IconInfoCircle aria-hidden />} title={t`Paiement en cours de confirmation`} withCloseButton closeButtonLabel={t`Fermer`} onClose={dismiss} data-testid="payment-pending">
          <Trans>La banque n'a pas encore confirmé votre paiement : vos points seront ajoutés dès sa confirmation.</Trans>
        </Alert>
      )}
      <Balance missing={missing} />
      <Section title={<Trans>Modes de paiement</Trans>} testId="wallet-methods">
        <PaymentMethods onChoose={setMethod} />
      </Section>
      <Section title={<Trans>Nos comptes bancaires</Trans>} testId="wallet-banks">
        <BankAccounts />
      </Section>
      {transfers !== undefined && (
        <Section title={<Trans>Transférer des points</Trans>} testId="wallet-transfers">
          {transfers}
        </Section>
      )}
      <Section title={<Trans>Historique des points</Trans>} testId="wallet-history">
        <Suspense fallback={<Skeleton height={240} radius="md" data-testid="history-loading" />}>
          <HistoryPage page={page} perPage={perPage} onChange={(next) => onChange({ ...next, missing, payment })} />
        </Suspense>
      </Section>
      <TopupModal method={method} onClose={() => setMethod(null)} missing={missing} />
    </Stack>
  );
}

/** The balance, and the points missing to buy an offer when the offers screen sent the pupil here. */
function Balance({ missing }: { missing: number | undefined }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const fmt = useFormatMillimes();
  const word = usePointsWord(me.points);
  // The points to add, rounded up to a whole dinar: what the top-up form will propose.
  const toAdd = missing ? ceilToDinar(missing) : 0;
  const missingWord = usePointsWord(toAdd);
  const missingPoints = fmt(toAdd);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" data-testid="wallet-balance">
        <Text size="sm" c="dimmed">
          <Trans>Votre solde</Trans>
        </Text>
        <Text className={classes.balance}>
          <bdi data-testid="wallet-balance-value">{fmt(me.points)}</bdi> <span>{word}</span>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>1 point = 1 dinar (DT)</Trans>
        </Text>
      </Card>
      {missing !== undefined && (
        <Alert classNames={{ title: classes.alertTitle }} color="orange" icon={<IconAlertTriangle aria-hidden />} title={<Trans>Solde insuffisant</Trans>} data-testid="wallet-missing">
          <Trans>
            Il vous manque {missingPoints} {missingWord} pour acheter cette offre. Rechargez votre porte-monnaie avec l'un des modes de paiement ci-dessous.
          </Trans>
        </Alert>
      )}
    </Stack>
  );
}

/** What the route shows while the screen's code and data load. */
export function WalletScreenPending() {
  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Porte monnaie</Trans>
      </Title>
      <Skeleton height={110} radius="md" />
      <Skeleton height={180} radius="md" />
      <Skeleton height={240} radius="md" data-testid="history-loading" />
    </Stack>
  );
}

function HistoryPage({ page, perPage, onChange }: { page: number; perPage: WalletSearch["perPage"]; onChange: (next: Pick<WalletSearch, "page" | "perPage">) => void }) {
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const { data } = useSuspenseQuery(pointsHistoryQueryOptions(page, perPage));
  if (data.meta.total === 0 && data.items.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="history-empty">
        <Text fw={600}>
          <Trans>Aucun point</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Pas d'historique pour le moment : vos recharges et vos achats apparaîtront ici.</Trans>
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <PointsHistory items={data.items} asCards={isPhone} />
      <TablePager page={page} perPage={perPage} lastPage={data.meta.last_page} onChange={onChange} testId="history-per-page" />
    </Stack>
  );
}
