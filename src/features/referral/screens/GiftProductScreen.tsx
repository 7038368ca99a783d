import "@mantine/core/styles/Skeleton.css";
import { Anchor, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconChevronLeft } from "@tabler/icons-react";
import { describeError } from "@/lib/i18n/errors";
import { useLocalized } from "@/lib/localized";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { giftQueryOptions } from "../api/getGift";
import { AddToCart } from "../components/AddToCart";
import { CartLink } from "../components/CartLink";
import { GiftPrice, GiftStock } from "../components/GiftCard";
import { giftCover, GiftImage } from "../components/GiftImage";
import { OrdersLink } from "../components/OrdersLink";
import { ReferralGate } from "../components/ReferralGate";
import classes from "../components/referral.module.css";

function GiftProduct({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const gift = useQuery(giftQueryOptions(id));
  const name = gift.data ? l(gift.data) : "";
  useDocumentTitle(name || t`Cadeau`);
  const back = (
    <Group justify="space-between" gap="sm">
      <Anchor
        component={Link}
        to="/parrain/products"
        size="sm"
        style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
      >
        <IconChevronLeft size={16} aria-hidden className="darsi-flip" />
        <Trans>Tous les cadeaux</Trans>
      </Anchor>
      <Group gap="sm">
        <OrdersLink />
        <CartLink />
      </Group>
    </Group>
  );
  if (gift.isPending)
    return <Skeleton height={320} radius="lg" data-testid="gift-loading" />;
  if (gift.isError)
    return (
      <Stack gap="md">
        {back}
        <Text c="red.9" role="alert">
          {describeError(i18n, gift.error)}
        </Text>
      </Stack>
    );
  const cover = giftCover(gift.data);
  const gallery = gift.data.gift_images.filter((image) => image !== cover);
  return (
    <Stack gap="md">
      {back}
      <div className={classes.product} data-testid="gift-product">
        <Stack gap="sm">
          {cover && (
            <GiftImage
              src={cover.file_url}
              alt={name}
              className={classes.cover}
              sizes="(max-width: 62em) 100vw, 50vw"
            />
          )}
          {gallery.length > 0 && (
            <ul className={classes.gallery} aria-label={t`Galerie`}>
              {gallery.map((image, i) => {
                const n = i + 1;
                return (
                  <li key={image.id}>
                    <GiftImage
                      src={image.file_url}
                      alt={t`${name}, photo ${n}`}
                      sizes="96px"
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </Stack>
        <Stack gap="sm">
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            <bdi>{name}</bdi>
          </Title>
          <GiftPrice amount={gift.data.amount} />
          <div>
            <GiftStock stock={gift.data.stock} />
          </div>
          <Text style={{ whiteSpace: "pre-line" }}>
            <bdi>{l(gift.data, "description")}</bdi>
          </Text>
          <AddToCart gift={gift.data} />
        </Stack>
      </div>
    </Stack>
  );
}

/** `/parrain/product/{id}`: one gift, its cover and gallery, its name and description in the reader's language. */
export function GiftProductScreen({ id }: { id: number }) {
  return (
    <ReferralGate page="other">
      <GiftProduct id={id} />
    </ReferralGate>
  );
}
