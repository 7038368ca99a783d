import "@mantine/core/styles/Skeleton.css";
import { Suspense } from "react";
import { Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import { TablePager } from "@/components/TablePager";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { bookmarksQueryOptions } from "@/lib/bookmarks";
import { BookmarksList } from "../components/BookmarksList";
import type { BookmarksSearch } from "../search";

export interface BookmarksScreenProps extends BookmarksSearch {
  onChange: (next: BookmarksSearch) => void;
}

/** /liste-de-favoris: the pupil's bookmarked lessons, paginated 10/25/100 (page and perPage in the URL). */
export function BookmarksScreen({ page, perPage, onChange }: BookmarksScreenProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Liste de favoris`);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Liste de favoris</Trans>
      </Title>
      <Suspense fallback={<Skeleton height={320} radius="md" data-testid="bookmarks-loading" />}>
        <BookmarksPage page={page} perPage={perPage} onChange={onChange} />
      </Suspense>
    </Stack>
  );
}

/** What the route shows while a page loads (slow network): the title and a placeholder, not a blank page. */
export function BookmarksScreenPending() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Liste de favoris</Trans>
      </Title>
      <Skeleton height={320} radius="md" data-testid="bookmarks-loading" />
    </Stack>
  );
}

function BookmarksPage({ page, perPage, onChange }: BookmarksScreenProps) {
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const { data } = useSuspenseQuery(bookmarksQueryOptions(page, perPage));
  if (data.meta.total === 0 && data.items.length === 0) {
    return (
      <Text c="dimmed" data-testid="bookmarks-empty">
        <Trans>Aucun favori pour le moment</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <BookmarksList items={data.items} asCards={isPhone} />
      <TablePager page={page} perPage={perPage} lastPage={data.meta.last_page} onChange={onChange} testId="bookmarks-per-page" />
    </Stack>
  );
}
