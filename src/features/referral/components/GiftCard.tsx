import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Card.css";
import { Badge, Card, Group, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import type { GiftDto } from "@domain/referral";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import { giftCover, GiftImage } from "./GiftImage";
import classes from "./referral.module.css";

/** The price of a gift in tokens ("12 jetons", each language's plural). */
export function GiftPrice({ amount }: { amount: number }) {
  const fmt = useFormatNumber();
  const word = useTokensWord(amount);
  return (
    <Text fw={800} c="darsi.8" data-testid="gift-price">
      {fmt(amount)} {word}
    </Text>
  );
}

/** How many are left, or that none is. */
export function GiftStock({ stock }: { stock: number }) {
  const fmt = useFormatNumber();
  const count = fmt(stock);
  return stock > 0 ? (
    <Badge variant="filled" color="teal.9" tt="none">
      <Trans>En stock : {count}</Trans>
    </Badge>
  ) : (
    <Badge variant="filled" color="gray.7" tt="none">
      <Trans>Épuisé</Trans>
    </Badge>
  );
}

/** One gift of the catalogue or of the home's slider: a link to its page. */
export function GiftCard({ gift, sizes }: { gift: GiftDto; sizes: string }) {
  const l = useLocalized();
  const cover = giftCover(gift);
  const name = l(gift);
  return (
    <Card withBorder radius="lg" padding="sm" h="100%" data-testid="gift-card">
      <Link
        to="/parrain/product/$id"
        params={{ id: String(gift.id) }}
        className={classes.giftCard}
      >
        {cover && (
          <GiftImage
            src={cover.file_url}
            alt=""
            className={classes.cover}
            sizes={sizes}
          />
        )}
        <Text fw={700} mt="xs" lineClamp={2}>
          <bdi>{name}</bdi>
        </Text>
        <Group justify="space-between" gap="xs" mt="auto" pt="xs">
          <GiftPrice amount={gift.amount} />
          <GiftStock stock={gift.stock} />
        </Group>
      </Link>
    </Card>
  );
}
