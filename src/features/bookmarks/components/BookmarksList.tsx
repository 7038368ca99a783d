import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Card.css";
import { Card, Stack, Table, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { useLocalized } from "@/lib/localized";
import type { BookmarkDto } from "@domain/learning";
import { formatDate } from "@/lib/format";
import { viewerLink } from "@/lib/links";
import classes from "./bookmarks.module.css";

/** The lesson viewer of a bookmark. */
const bookmarkLink = (b: BookmarkDto) => viewerLink(b.subject.slug, b.chapter.slug, b.content.slug, "course");

/** Bookmarks as a table (content, chapter, subject, date), or as cards on phones. */
export function BookmarksList({ items, asCards }: { items: readonly BookmarkDto[]; asCards: boolean }) {
  const l = useLocalized();
  if (asCards) {
    return (
      <ul className={classes.cards} data-testid="bookmarks-cards">
        {items.map((b) => (
          <li key={b.id}>
            <Card withBorder radius="md" padding="sm">
              <Stack gap={4}>
                <Link {...bookmarkLink(b)} className={classes.link} dir="auto">
                  {l(b.content)}
                </Link>
                <Text size="sm">
                  <bdi>{l(b.chapter)}</bdi> · <bdi>{l(b.subject)}</bdi>
                </Text>
                <Text size="sm" c="dimmed" className={classes.date}>
                  {formatDate(b.marked_at)}
                </Text>
              </Stack>
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="bookmarks-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Contenu</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Chapitre</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Matière</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Date</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((b) => (
            <Table.Tr key={b.id} data-testid="bookmark-row">
              <Table.Td>
                <Link {...bookmarkLink(b)} className={classes.link} dir="auto">
                  {l(b.content)}
                </Link>
              </Table.Td>
              <Table.Td dir="auto">{l(b.chapter)}</Table.Td>
              <Table.Td dir="auto">{l(b.subject)}</Table.Td>
              <Table.Td className={classes.date}>{formatDate(b.marked_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
