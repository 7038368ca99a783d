import "@mantine/core/styles/Skeleton.css";
import { Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import type { GeneratedGiftDto } from "@domain/referral";
import { DataTable, type DataColumn } from "@/components/DataTable";
import { TablePager } from "@/components/TablePager";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { describeError } from "@/lib/i18n/errors";
import { useFormatMillimes, useFormatNumber } from "@/lib/i18n/labels";
import { generatedGiftsQueryOptions } from "../api/getGeneratedGifts";
import type { ReferralPageSearch } from "../search";
import { PersonName } from "@/lib/displayName";

/** The uses of the pupil's gift code (`GET /student/history/generated-gifts`), paged 10/25/100 in the URL. */
export function UsesTable({
  page,
  perPage,
  onChange,
}: ReferralPageSearch & { onChange: (next: ReferralPageSearch) => void }) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const money = useFormatMillimes();
  const fmt = useFormatNumber();
  const isPhone = useMediaQuery(
    `(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`,
    false,
    { getInitialValueInEffect: false },
  );
  const query = useQuery(generatedGiftsQueryOptions(page, perPage));
  const title = t`Historique de votre code`;
  const columns: DataColumn<GeneratedGiftDto>[] = [
    {
      key: "friend",
      header: <Trans>Ami</Trans>,
      cell: (row) => <PersonName name={row.name} lastName={row.last_name} />,
    },
    {
      key: "start",
      header: <Trans>Début de l'abonnement</Trans>,
      cell: (row) => formatDate(row.start_date),
      nowrap: true,
    },
    {
      key: "group",
      header: <Trans>Offre</Trans>,
      cell: (row) => <bdi>{l(row, "group_name")}</bdi>,
    },
    {
      key: "points",
      header: <Trans>Points gagnés</Trans>,
      cell: (row) => {
        const amount = money(row.profit_amount);
        return <Trans>{amount} pts</Trans>;
      },
      nowrap: true,
    },
    {
      key: "tokens",
      header: <Trans>Jetons gagnés</Trans>,
      cell: (row) => fmt(row.tokens),
      nowrap: true,
    },
  ];
  const data = query.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="gift-uses-title">
      <Title order={2} fz="h3" id="gift-uses-title">
        {title}
      </Title>
      {query.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : query.isError ? (
        <Text c="red.9" role="alert">
          {describeError(i18n, query.error)}
        </Text>
      ) : !data || data.meta.total === 0 ? (
        <Text c="dimmed" data-testid="gift-uses-empty">
          <Trans>pas d historique</Trans>
        </Text>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.id}
            asCards={isPhone}
            testId="gift-uses-table"
            caption={title}
          />
          <TablePager
            page={page}
            perPage={perPage}
            lastPage={data.meta.last_page}
            onChange={onChange}
            testId="gift-uses-per-page"
          />
        </>
      )}
    </Stack>
  );
}
