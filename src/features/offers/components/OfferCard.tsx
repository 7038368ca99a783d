import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Chip.css";
import "@mantine/core/styles/Badge.css";
import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AppliedCodeDto, OfferDto, OfferPeriod, Price } from "@domain/offers";
import { codeMessage } from "@/lib/i18n/errors";
import { useLocalized } from "@/lib/localized";
import { CouponField } from "./CouponField";
import { InstalmentPicker } from "./InstalmentPicker";
import { OfferBadge } from "./OfferBadge";
import { OfferPriceBlock } from "./OfferPriceBlock";
import { OfferSubjectChips } from "./OfferSubjectChips";
import { PERIOD_SHORT_LABELS } from "./labels";
import { useOfferChoice } from "./useOfferChoice";
import classes from "./offers.module.css";

export interface OfferChoice {
  offer: OfferDto;
  period: OfferPeriod;
  /** Null: every subject (or not a per-subject offer). */
  subjectIds: number[] | null;
  price: Price;
  /** A year paid in instalments: how many are paid now, from which one (1 for the first), out of how many, until when. */
  instalments: { quantity: number; from: number; slices: number; end: string } | null;
}

export interface OfferCardProps {
  offer: OfferDto;
  applied: AppliedCodeDto | null;
  divisionId: number | null;
  /** A purchase is running (every buy button waits). */
  busy: boolean;
  /** This offer's purchase is the one running. */
  buying?: boolean;
  /** Bought at once, never in instalments (a live event's chapter). */
  wholeOnly?: boolean;
  onBuy: (choice: OfferChoice) => void;
}

/**
 * One offer (SPEC §2 /offres, §5): its period choice (none for offer 102), its subjects when sold per subject (owned
 * ones disabled, "Toutes les matières" toggles them all), its discount code, and the price the pupil will pay — computed
 * by `priceOffer`, the function the server charges with. The buy button is disabled when the offer is owned, disabled,
 * or a purchase is running.
 */
export function OfferCard({ offer, applied, divisionId, busy, buying = false, wholeOnly = false, onBuy }: OfferCardProps) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const { periods, period, setPeriod, subjectIds, inSlices, paid, effect, result, price, instalments, ...choice } = useOfferChoice(offer, applied, divisionId, wholeOnly);
  const owned = offer.owned;
  const canBuy = !owned && !offer.disabled && !busy && price !== null && period !== null;
  const name = l(offer);
  const description = l(offer, "description");
  const headingId = `offer-${offer.id}-name`;

  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} style={{ borderTopColor: offer.color }} aria-labelledby={headingId} component="section" data-testid={`offer-${offer.offer_id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="h3" id={headingId}>
            {name}
          </Title>
          <OfferBadge offer={offer} />
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}

        {offer.period_switch && periods.length > 1 && period && (
          <SegmentedControl
            fullWidth
            aria-label={t`Durée de l'offre ${name}`}
            value={period}
            onChange={(p) => setPeriod(p as OfferPeriod)}
            data={periods.map((p) => ({ value: p, label: i18n._(PERIOD_SHORT_LABELS[p]) }))}
            disabled={owned || offer.disabled}
            classNames={{ label: classes.segmentLabel }}
            data-testid={`periods-${offer.offer_id}`}
          />
        )}

        {offer.per_subject && (
          <OfferSubjectChips
            offer={offer}
            name={name}
            buyable={choice.buyable}
            chosen={choice.chosen}
            allBuyableChosen={choice.allBuyableChosen}
            toggle={choice.toggle}
            toggleAll={choice.toggleAll}
          />
        )}

        {inSlices && <InstalmentPicker offer={offer} paid={paid} left={choice.left} quantity={choice.quantity} onQuantity={choice.setQuantity} instalments={instalments} />}

        <div className={classes.grow} />

        {price && period && <OfferPriceBlock offer={offer} price={price} period={period} inInstalments={instalments !== null} />}
        {offer.per_subject && !owned && result && !result.ok && (
          <Text size="sm" c="red.8" role="status">
            <Trans>Choisissez au moins une matière.</Trans>
          </Text>
        )}

        {!owned && !offer.is_free && !offer.disabled &&
          (inSlices && paid > 0 ? (
            // A later instalment takes no code (SPEC §8).
            <Text size="sm" c="dimmed" data-testid={`coupon-first-slice-${offer.offer_id}`}>
              {codeMessage(i18n, "coupon_first_slice_only")}
            </Text>
          ) : (
            <CouponField offerId={offer.offer_id} period={period} applied={applied?.offer_id === offer.offer_id ? applied : null} problem={effect.problem} />
          ))}

        <Button
          size="md"
          h={48}
          fullWidth
          disabled={!canBuy}
          loading={buying}
          onClick={() => price && period && onBuy({ offer, period, subjectIds, price, instalments })}
          data-testid={`buy-${offer.offer_id}`}
        >
          {owned ? <Trans>Déjà acquis</Trans> : offer.disabled ? <Trans>Indisponible</Trans> : offer.is_free ? <Trans>Activer l'essai</Trans> : <Trans>Acheter</Trans>}
        </Button>
      </Stack>
    </Card>
  );
}
