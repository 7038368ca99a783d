import { Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OfferDto, OfferPeriod, Price } from "@domain/offers";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { PER_PERIOD } from "./labels";

export interface OfferPriceBlockProps {
  offer: OfferDto;
  price: Price;
  period: OfferPeriod;
  /** Paid in instalments: the price is for now, not per period. */
  inInstalments: boolean;
}

/** The price the pupil will pay, the base price struck through when lower, and each discount that made it. */
export function OfferPriceBlock({ offer, price, period, inInstalments }: OfferPriceBlockProps) {
  const { i18n } = useLingui();
  const money = useFormatMillimes();
  const percentOff = offer.discount?.amount ?? 0;
  const fixedOff = money(percentOff);
  const packOff = money(price.packDiscount);
  const codeOff = money(price.codeDiscount);
  return (
    <Stack gap={2} aria-live="polite" data-testid={`price-${offer.offer_id}`}>
      {price.final < price.base && (
        <Text size="sm" c="dimmed" td="line-through" data-testid={`base-price-${offer.offer_id}`}>
          {money(price.base)} <Trans>DT</Trans>
        </Text>
      )}
      <Group gap={6} align="baseline">
        <Text fz={28} fw={800} lh={1.1} data-testid={`final-price-${offer.offer_id}`}>
          {money(price.final)} <Trans>DT</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          {inInstalments ? <Trans>maintenant</Trans> : i18n._(PER_PERIOD[period])}
        </Text>
      </Group>
      {offer.discount && (
        <Text size="sm" c="teal.9" data-testid={`class-discount-${offer.offer_id}`}>
          {offer.discount.type === "percentage" ? <Trans>Remise de classe : -{percentOff} %</Trans> : <Trans>Remise de classe : -{fixedOff} DT</Trans>}
        </Text>
      )}
      {price.packDiscount > 0 && (
        <Text size="sm" c="teal.9">
          <Trans>Remise pack : -{packOff} DT</Trans>
        </Text>
      )}
      {price.codeDiscount > 0 && (
        <Text size="sm" c="teal.9">
          <Trans>Code promo : -{codeOff} DT</Trans>
        </Text>
      )}
    </Stack>
  );
}
