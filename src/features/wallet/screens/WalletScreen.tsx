import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Card.css";
import { Suspense, useState, type ReactNode } from "react";
import { Alert, Card, NativeSelect, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useSuspenseQuery } from "@tanstack/react-query";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import { ceilToDinar } from "@domain/money";
import type { TopupMethod } from "@domain/schemas/wallet";
import { STATEMENT_FILTERS, type StatementFilter } from "@domain/wallet";
import { useFormatMillimes, usePointsWord } from "@/lib/i18n/labels";
import { meQueryOptions } from "@/lib/me";
import { TablePager } from "@/components/TablePager";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { NeedsConnection } from "@/components/NeedsConnection";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";
import { statementQueryOptions } from "../api/getStatement";
import { BalanceChart } from "../components/BalanceChart";
import { BankAccounts } from "../components/BankAccounts";
import { PaymentMethods } from "../components/PaymentMethods";
import { Statement } from "../components/Statement";
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
export function WalletScreen({ page, perPage, kind, missing, payment, onChange, transfers }: WalletScreenProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Porte monnaie`);
  const [method, setMethod] = useState<TopupMethod | null>(null);
  // A top-up needs the server: offline, the pupil is told so at once, before any form.
  const offline = isOffline(useOfflineStatus());
  const [wanted, setWanted] = useState<TopupMethod | null>(null);
  const choose = (m: TopupMethod) => {
    setWanted(offline ? m : null);
    if (!offline) setMethod(m);
  };
  const dismiss = () => onChange({ page, perPage, kind, missing, payment: undefined });

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
      {/* SPEC §8's "Payment Error" warning on a failed return: this one alert, in the pupil's language (no toast
          repeating it). */}
      {payment === "failed" && (
        <Alert classNames={{ title: classes.alertTitle }} color="red" icon={<IconAlertTriangle aria-hidden />} title={t`Erreur de paiement`} withCloseButton closeButtonLabel={t`Fermer`} onClose={dismiss} data-testid="payment-failed">
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
        {wanted !== null && (
          <NeedsConnection onRetry={() => choose(wanted)}>
            <Trans>Recharger le porte-monnaie a besoin d'une connexion à Internet.</Trans>
          </NeedsConnection>
        )}
        <PaymentMethods onChoose={choose} />
      </Section>
      <Section title={<Trans>Nos comptes bancaires</Trans>} testId="wallet-banks">
        <BankAccounts />
      </Section>
      {transfers !== undefined && (
        <Section title={<Trans>Transférer des points</Trans>} testId="wallet-transfers">
          {transfers}
        </Section>
      )}
      <Section title={<Trans>Relevé des points</Trans>} testId="wallet-history">
        <Suspense fallback={<Skeleton height={240} radius="md" data-testid="history-loading" />}>
          <StatementSection page={page} perPage={perPage} kind={kind} onChange={(next) => onChange({ ...next, missing, payment })} />
        </Suspense>
      </Section>
      <Section title={<Trans>Évolution du solde</Trans>} testId="wallet-chart">
        <Suspense fallback={<Skeleton height={240} radius="md" />}>
          <BalanceChart />
        </Suspense>
      </Section>
      <TopupModal method={method} onClose={() => setMethod(null)} missing={missing} />
    </Stack>
  );
}

/** The balance, and the points missing to buy an offer when the offers screen sent the pupil here. */
function Balance({ missing }: { missing: number | undefined }) {
  const { data: me, dataUpdatedAt } = useSuspenseQuery(meQueryOptions);
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
        <AvailabilityBadge updatedAt={dataUpdatedAt} testId="balance-availability" />
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

/** The statement's filters, as the select names them. */
const FILTER_LABELS: Record<StatementFilter, MessageDescriptor> = {
  topup: msg`Recharges`,
  purchase: msg`Achats`,
  transfer: msg`Transferts`,
  earning: msg`Parrainage et codes promo`,
  refund: msg`Remboursements`,
  operator: msg`Opérateur mobile`,
};

type StatementSearch = Pick<WalletSearch, "page" | "perPage" | "kind">;

function StatementSection({ page, perPage, kind, onChange }: StatementSearch & { onChange: (next: StatementSearch) => void }) {
  const { t, i18n } = useLingui();
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const { data, dataUpdatedAt } = useSuspenseQuery(statementQueryOptions(page, perPage, kind));
  return (
    <Stack gap="md">
      <NativeSelect
        label={t`Type de mouvement`}
        data={[{ value: "", label: t`Tous les mouvements` }, ...STATEMENT_FILTERS.map((f) => ({ value: f, label: i18n._(FILTER_LABELS[f]) }))]}
        value={kind ?? ""}
        onChange={(e) => {
          const value = e.currentTarget.value;
          onChange({ page: 1, perPage, kind: (STATEMENT_FILTERS as readonly string[]).includes(value) ? (value as StatementFilter) : undefined });
        }}
        maw={320}
        data-testid="statement-filter"
      />
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      {data.items.length === 0 ? (
        <StatementEmpty filtered={kind !== undefined} />
      ) : (
        <>
          <Statement items={data.items} asCards={isPhone} />
          <TablePager page={page} perPage={perPage} lastPage={data.meta.last_page} onChange={(next) => onChange({ ...next, kind })} testId="history-per-page" />
        </>
      )}
    </Stack>
  );
}

/** No movement (of this kind): said next to the balance it explains, never "no points" beside a balance. */
function StatementEmpty({ filtered }: { filtered: boolean }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const fmt = useFormatMillimes();
  const word = usePointsWord(me.points);
  const balance = fmt(me.points);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="history-empty">
      <Text fw={600}>{filtered ? <Trans>Aucun mouvement de ce type</Trans> : <Trans>Aucun mouvement pour le moment</Trans>}</Text>
      <Text size="sm" c="dimmed">
        {filtered ? (
          <Trans>
            Choisissez « Tous les mouvements » pour voir tout le relevé. Votre solde : <bdi>{balance}</bdi> {word}.
          </Trans>
        ) : (
          <Trans>Vos recharges, vos achats et vos transferts apparaîtront ici, avec le solde après chacun.</Trans>
        )}
      </Text>
    </Card>
  );
}
