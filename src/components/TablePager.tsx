import "@mantine/core/styles/Pagination.css";
import { Group, NativeSelect, Pagination } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { PAGE_SIZES } from "@domain/constants";

export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * Under a paged table (SPEC §9: 10 rows by default, 10/25/100): the rows-per-page choice and, when there is more than
 * one page, the page links. Changing the page size goes back to page 1. `testId` names the page-size select.
 */
export function TablePager({
  page,
  perPage,
  lastPage,
  onChange,
  testId,
}: {
  page: number;
  perPage: PageSize;
  lastPage: number;
  onChange: (next: { page: number; perPage: PageSize }) => void;
  testId?: string;
}) {
  const { t } = useLingui();
  const current = Math.min(page, lastPage);
  return (
    <Group justify="space-between" gap="sm">
      <NativeSelect
        label={t`Lignes par page`}
        data={PAGE_SIZES.map(String)}
        value={String(perPage)}
        onChange={(e) => onChange({ page: 1, perPage: Number(e.currentTarget.value) as PageSize })}
        w={140}
        data-testid={testId}
      />
      {lastPage > 1 && (
        <nav aria-label={t`Pagination`}>
          <Pagination
            total={lastPage}
            value={current}
            onChange={(next) => onChange({ page: next, perPage })}
            getItemProps={(n) => ({ "aria-label": t`Page ${n}`, "aria-current": n === current ? "page" : undefined })}
            getControlProps={(control) =>
              control === "previous" ? { "aria-label": t`Page précédente` } : control === "next" ? { "aria-label": t`Page suivante` } : {}
            }
          />
        </nav>
      )}
    </Group>
  );
}
