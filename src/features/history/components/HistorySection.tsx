import "@mantine/core/styles/Skeleton.css";
import { Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useLingui } from "@lingui/react/macro";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import { DataTable, type DataColumn } from "@/components/DataTable";
import { TablePager, type PageSize } from "@/components/TablePager";
import { describeError } from "@/lib/i18n/errors";
import type { Page } from "@/lib/page";

export interface PageState {
  page: number;
  perPage: PageSize;
}

/**
 * One table of /historique: its heading, the rows (a table, cards on phones), the empty state, and the rows-per-page
 * choice with the page links (10 by default, 10/25/100).
 */
export function HistorySection<T>({
  id,
  title,
  empty,
  columns,
  rowKey,
  query,
  paging,
  onPaging,
}: {
  id: string;
  title: string;
  empty: string;
  columns: ReadonlyArray<DataColumn<T>>;
  rowKey: (row: T) => string | number;
  query: { isPending: boolean; isError: boolean; error: unknown; data: Page<T> | undefined };
  paging: PageState;
  onPaging: (next: PageState) => void;
}) {
  const { i18n } = useLingui();
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const data = query.data;
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby={`${id}-title`} data-testid={`history-${id}`}>
      <Stack gap="md">
        <Title order={2} fz="h3" id={`${id}-title`}>
          {title}
        </Title>
        {query.isPending && !data ? (
          <Skeleton height={120} radius="md" />
        ) : query.isError && !data ? (
          <Text c="red.9" role="alert">
            {describeError(i18n, query.error)}
          </Text>
        ) : !data || data.meta.total === 0 ? (
          <Text c="dimmed" data-testid={`history-${id}-empty`}>
            {empty}
          </Text>
        ) : (
          <>
            <DataTable columns={columns} rows={data.items} rowKey={rowKey} asCards={isPhone} testId={`history-${id}-table`} caption={title} />
            <TablePager
              page={paging.page}
              perPage={paging.perPage}
              lastPage={data.meta.last_page}
              onChange={onPaging}
              testId={`history-${id}-per-page`}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
