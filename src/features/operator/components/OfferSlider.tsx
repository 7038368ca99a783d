import "@mantine/core/styles/Skeleton.css";
import { useRef } from "react";
import { ActionIcon, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCheck, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import type { OperatorLevel, OperatorOfferDto } from "@domain/operator";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import { operatorOffersQueryOptions } from "../api/getOperatorOffers";
import { useLevelLabel, usePerPeriod } from "./labels";
import classes from "./operator.module.css";

/** What a Silver subscription opens, per level (the same for every level). */
function useIncluded(): string[] {
  const { t } = useLingui();
  return [t`Les cours vidéo des matières principales`, t`Les quiz et les exercices corrigés`, t`Les enregistrements des séances en direct`];
}

function OfferCard({ offer, onSubscribe }: { offer: OperatorOfferDto; onSubscribe: (level: OperatorLevel) => void }) {
  const level = useLevelLabel();
  const per = usePerPeriod();
  const money = useFormatMillimes();
  const included = useIncluded();
  const l = useLocalized();
  const weekly = per(money(offer.perWeek), 7);
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid={`operator-offer-${offer.level}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} fz="h4">
            {level(offer.level)}
          </Title>
          <Badge color="red.8" variant="filled" tt="none" style={{ flexShrink: 0 }}>
            <bdi>{l(offer.group)}</bdi>
          </Badge>
        </Group>
        <div>
          <Text fz={28} fw={800} className={classes.price} lh={1.2}>
            {per(money(offer.perDay), 1)}
          </Text>
          <Text size="sm" c="dimmed" className={classes.price}>
            <Trans>ou {weekly}</Trans>
          </Text>
        </div>
        <List
          spacing={6}
          size="sm"
          listStyleType="none"
          withPadding={false}
          ps={0}
          icon={<IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />}
          style={{ flex: 1 }}
        >
          {included.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Button color="red.8" radius="md" size="md" onClick={() => onSubscribe(offer.level)} fullWidth>
          <Trans>S'abonner</Trans>
          <VisuallyHidden> – {level(offer.level)}</VisuallyHidden>
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The offer of each level in a slider (CSS scroll-snap: about 1.2 cards on a phone, 3.8 on a desktop), with previous
 * and next buttons; four skeleton cards while the offers load.
 */
export function OfferSlider({ onSubscribe }: { onSubscribe: (level: OperatorLevel) => void }) {
  const { t } = useLingui();
  const { data, isError, refetch } = useQuery(operatorOffersQueryOptions);
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const slide = el.querySelector("li");
    const step = (slide?.getBoundingClientRect().width ?? el.clientWidth) + 16;
    // In a right-to-left page the track scrolls towards negative offsets.
    const rtl = getComputedStyle(el).direction === "rtl";
    el.scrollBy({ left: direction * step * (rtl ? -1 : 1) });
  };
  return (
    <section aria-labelledby="operator-offers-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} id="operator-offers-title">
          <Trans>Nos offres par niveau</Trans>
        </Title>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size={44} radius="xl" onClick={() => scroll(-1)} aria-label={t`Offre précédente`}>
            <IconChevronLeft size={20} aria-hidden className="darsi-flip" />
          </ActionIcon>
          <ActionIcon variant="default" size={44} radius="xl" onClick={() => scroll(1)} aria-label={t`Offre suivante`}>
            <IconChevronRight size={20} aria-hidden className="darsi-flip" />
          </ActionIcon>
        </Group>
      </Group>
      {isError ? (
        <Group gap="sm">
          <Text c="red.8">
            <Trans>Impossible de charger les offres.</Trans>
          </Text>
          <Button variant="subtle" onClick={() => void refetch()}>
            <Trans>Réessayer</Trans>
          </Button>
        </Group>
      ) : (
        <ul className={classes.track} ref={track} data-testid="operator-slider" aria-busy={!data || undefined}>
          {data
            ? data.map((offer) => (
                <li key={offer.level} className={classes.slide}>
                  <OfferCard offer={offer} onSubscribe={onSubscribe} />
                </li>
              ))
            : Array.from({ length: 4 }, (_, i) => (
                <li key={i} className={classes.slide} data-testid="operator-offer-skeleton">
                  <Skeleton height={300} radius="lg" />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
