import "@mantine/core/styles/Skeleton.css";
import { Alert, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconLock } from "@tabler/icons-react";
import type { ProfitDiscountCodeDto } from "@domain/schemas/revenue";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { TablePager } from "@/components/TablePager";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { benefitPaymentsQueryOptions, codeHistoryQueryOptions, profitCodesQueryOptions } from "../api/getRevenue";
import { CodeCard } from "../components/CodeCard";
import { HistoryTable, PaymentsTable } from "../components/RevenueTables";
import classes from "../components/revenue.module.css";
import type { RevenueSearch } from "../search";

export interface RevenueScreenProps extends RevenueSearch {
  onChange: (next: RevenueSearch) => void;
}

function Heading() {
  return (
    <Title order={1} fz={{ base: "h2", sm: "h1" }}>
      <Trans>Revenu</Trans>
    </Title>
  );
}

/**
 * `/revenu` (influencers): the influencer's code(s) with totals, the coupon revenue table (buyers, subscription start,
 * group, profit; paged 10/25/100 in the URL) and the benefit payments. Anyone else sees a friendly explanation.
 */
export function RevenueScreen({ page, perPage, onChange }: RevenueScreenProps) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Revenu`);
  const codes = useQuery(profitCodesQueryOptions);
  if (codes.isPending) return <RevenueScreenPending />;
  if (codes.isError) {
    const forbidden = codes.error instanceof ApiRequestError && codes.error.status === 403;
    return (
      <Stack gap="lg">
        <Heading />
        {forbidden ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title={t`Réservé aux influenceurs`} data-testid="revenue-forbidden">
            <Trans>Cette page présente les revenus des codes promo des influenceurs partenaires de Darsi. Votre compte n'a pas de code influenceur.</Trans>
          </Alert>
        ) : (
          <Alert color="red" variant="light">
            {describeError(i18n, codes.error)}
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <Heading />
      {codes.data.length === 0 ? (
        <Text c="dimmed" data-testid="revenue-no-code">
          <Trans>Aucun code coupon</Trans>
        </Text>
      ) : (
        <>
          <Totals codes={codes.data} />
          <ul className={classes.cards}>
            {codes.data.map((code) => (
              <li key={code.id}>
                <CodeCard code={code} />
              </li>
            ))}
          </ul>
          {codes.data.map((code) => (
            <CodeHistory key={code.id} code={code} page={page} perPage={perPage} onChange={onChange} />
          ))}
        </>
      )}
      <Payments />
    </Stack>
  );
}

function Totals({ codes }: { codes: ProfitDiscountCodeDto[] }) {
  const money = useFormatMillimes();
  const payments = useQuery(benefitPaymentsQueryOptions);
  const earned = codes.reduce((sum, c) => sum + c.totalAmount, 0);
  const paid = (payments.data ?? []).reduce((sum, p) => sum + p.amount, 0);
  const earnedText = money(earned);
  const paidText = money(paid);
  return (
    <Group gap="xl" data-testid="revenue-totals">
      <div>
        <Text size="sm" c="dimmed">
          <Trans>Revenus cumulés</Trans>
        </Text>
        <Text fz="h3" fw={800} className={classes.amount}>
          <Trans>{earnedText} DT</Trans>
        </Text>
      </div>
      <div>
        <Text size="sm" c="dimmed">
          <Trans>Déjà versé</Trans>
        </Text>
        <Text fz="h3" fw={800} className={classes.amount}>
          <Trans>{paidText} DT</Trans>
        </Text>
      </div>
    </Group>
  );
}

function CodeHistory({ code, page, perPage, onChange }: RevenueScreenProps & { code: ProfitDiscountCodeDto }) {
  const history = useQuery(codeHistoryQueryOptions(code.id, page, perPage));
  const codeName = code.code;
  return (
    <section aria-labelledby={`revenue-history-${code.id}`}>
      <Stack gap="sm">
        <Title order={2} fz="h3" id={`revenue-history-${code.id}`}>
          <Trans>Revenus du code {codeName}</Trans>
        </Title>
        {!history.data ? (
          <Skeleton height={200} radius="md" />
        ) : history.data.meta.total === 0 && history.data.items.length === 0 ? (
          <Text c="dimmed" data-testid="revenue-history-empty">
            <Trans>Personne n'a encore utilisé ce code.</Trans>
          </Text>
        ) : (
          <>
            <HistoryTable items={history.data.items} labelledBy={`revenue-history-${code.id}`} />
            <TablePager page={page} perPage={perPage} lastPage={history.data.meta.last_page} onChange={onChange} testId="revenue-per-page" />
          </>
        )}
      </Stack>
    </section>
  );
}

function Payments() {
  const payments = useQuery(benefitPaymentsQueryOptions);
  return (
    <section aria-labelledby="revenue-payments-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="revenue-payments-title">
          <Trans>Versements reçus</Trans>
        </Title>
        {payments.data ? <PaymentsTable items={payments.data} /> : payments.isError ? null : <Skeleton height={120} radius="md" />}
      </Stack>
    </section>
  );
}

/** What the route shows while the revenue loads. */
export function RevenueScreenPending() {
  return (
    <Stack gap="lg">
      <Heading />
      <Skeleton height={160} radius="md" data-testid="revenue-loading" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}
