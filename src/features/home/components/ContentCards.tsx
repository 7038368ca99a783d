import { Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import classes from "./home.module.css";
import { Link } from "@tanstack/react-router";
import { abbreviateInstructor, truncate, type ContentCardDto } from "@domain/learning";
import { refName } from "@/lib/reference";
import { localized } from "@/lib/localized";
import { useLingui } from "@lingui/react/macro";

/** How many cards of each kind the home shows (SPEC §2: "first 2 free and 2 new contents"). */
const HOME_CARDS = 2;
const CARD_HEIGHT = 104;

function ContentCard({ card }: { card: ContentCardDto }) {
  const { i18n } = useLingui();
  const name = localized(card.content, i18n.locale);
  const inner = (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        <span aria-hidden style={{ inlineSize: 10, blockSize: 10, borderRadius: 5, background: card.subject.color, flexShrink: 0 }} />
        <Text size="xs" fw={600} c="dimmed" lineClamp={1}>
          <bdi>{refName(card.subject, i18n.locale)}</bdi> · <bdi>{localized(card.chapter, i18n.locale)}</bdi>
        </Text>
      </Group>
      {/* dir="auto": a title in another script is cut at its own end. */}
      <Text fw={700} lineClamp={2} title={name} dir="auto" data-testid="content-card-name">
        {truncate(name, 56)}
      </Text>
      {card.instructor && (
        <Text size="sm" c="dimmed" dir="auto">
          {abbreviateInstructor(card.instructor)}
        </Text>
      )}
    </Stack>
  );
  const params = { subject: card.subject.slug, chapter: card.chapter.slug };
  return card.chapter_type === "recording" ? (
    <Card withBorder radius="md" padding="md" mih={CARD_HEIGHT} renderRoot={(props) => <Link {...props} to="/subjects/$subject/chapters/$chapter/recordings/$recording/content" params={{ ...params, recording: card.content.slug }} />}>
      {inner}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="md" mih={CARD_HEIGHT} renderRoot={(props) => <Link {...props} to="/subjects/$subject/chapters/$chapter/lessons/$lesson/content" params={{ ...params, lesson: card.content.slug }} />}>
      {inner}
    </Card>
  );
}

/** A titled pair of content cards (free or new contents), with same-size skeletons while loading; hidden when empty. */
export function ContentCards({ title, data, isPending, testId }: { title: string; data: ContentCardDto[] | undefined; isPending: boolean; testId: string }) {
  if (!isPending && !data?.length) return null;
  return (
    <section aria-label={title} data-testid={testId}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <div className={classes.cards}>
        {isPending
          ? Array.from({ length: HOME_CARDS }, (_, i) => <Skeleton key={i} h={CARD_HEIGHT} radius="md" />)
          : data!.slice(0, HOME_CARDS).map((card) => <ContentCard key={card.content.id} card={card} />)}
      </div>
    </section>
  );
}
