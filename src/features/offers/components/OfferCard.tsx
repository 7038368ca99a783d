import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Chip.css";
import "@mantine/core/styles/Badge.css";
import { useMemo, useState } from "react";
import { Badge, Button, Card, Chip, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  appliedCodeEffect,
  defaultPeriod,
  payInstalments,
  priceOffer,
  sellablePeriods,
  toPricedOffer,
  type AppliedCodeDto,
  type OfferDto,
  type OfferPeriod,
  type Price,
} from "@domain/offers";
import { tunisDay } from "@domain/days";
import { formatDate } from "@/lib/format";
import { codeMessage } from "@/lib/i18n/errors";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import { CouponField } from "./CouponField";
import { PER_PERIOD, PERIOD_SHORT_LABELS } from "./labels";
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
  const money = useFormatMillimes();
  const priced = useMemo(() => toPricedOffer(offer), [offer]);
  const periods = sellablePeriods(priced);
  const [period, setPeriod] = useState<OfferPeriod | null>(() => defaultPeriod(priced));
  const buyable = offer.offer_subject_details.filter((d) => !d.owned).map((d) => d.subjectId);
  const [picked, setChosen] = useState<number[]>(buyable);
  // A subject bought meanwhile (the offers refetched) is no longer one to pay for.
  const chosen = picked.filter((id) => buyable.includes(id));
  const allIds = offer.offer_subject_details.map((d) => d.subjectId);
  const everything = chosen.length === allIds.length;
  const subjectIds = offer.per_subject ? (everything ? null : chosen) : null;

  // A year sold in instalments: the pupil pays the next one(s); the first alone may carry a code.
  const inSlices = period === "year" && offer.slices > 1 && !offer.owned && !wholeOnly;
  const paid = offer.plan?.paid ?? 0;
  const left = offer.slices - paid;
  const [quantityPicked, setQuantity] = useState(1);
  const quantity = inSlices ? Math.min(quantityPicked, Math.max(1, left)) : 1;
  const effect = appliedCodeEffect(applied, offer, { divisionId, period, quantity: paid > 0 ? 2 : quantity });
  const result = period ? priceOffer(priced, { period, subjectIds, code: inSlices ? null : effect.code }) : null;
  const whole = result?.ok ? result.price : null;
  const slice =
    inSlices && whole
      ? payInstalments({ slices: offer.slices, total: offer.plan?.total ?? whole.price, planStart: offer.plan?.plan_start ?? tunisDay(new Date()), paid }, quantity, tunisDay(new Date()), effect.code)
      : null;
  // What this purchase pays: an instalment's price is its share of the plan (the discounts are in the plan's total).
  const price: Price | null =
    slice?.ok && whole ? { ...whole, base: slice.amount, packDiscount: 0, classDiscount: 0, price: slice.amount, codeDiscount: slice.codeDiscount, final: slice.final } : inSlices ? null : whole;
  const instalments = slice?.ok ? { quantity, from: paid + 1, slices: offer.slices, end: slice.end } : null;
  const sliceFrom = paid + 1;
  const sliceTo = paid + quantity;
  const sliceCount = offer.slices;
  const accessEnd = slice?.ok ? formatDate(slice.end) : "";
  const owned = offer.owned;
  const canBuy = !owned && !offer.disabled && !busy && price !== null && period !== null;
  const name = l(offer);
  const description = l(offer, "description");
  const headingId = `offer-${offer.id}-name`;
  const percentOff = offer.discount?.amount ?? 0;
  const fixedOff = money(percentOff);
  const packOff = money(price?.packDiscount ?? 0);
  const codeOff = money(price?.codeDiscount ?? 0);

  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const allBuyableChosen = buyable.length > 0 && buyable.every((id) => chosen.includes(id));

  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} style={{ borderTopColor: offer.color }} aria-labelledby={headingId} component="section" data-testid={`offer-${offer.offer_id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="h3" id={headingId}>
            {name}
          </Title>
          {owned ? (
            <Badge color="teal.9" variant="filled">
              <Trans>Acquis</Trans>
            </Badge>
          ) : offer.is_free ? (
            <Badge color="cyan.9" variant="filled">
              <Trans>Gratuit</Trans>
            </Badge>
          ) : offer.type === "pack" ? (
            <Badge color="gray.8" variant="filled">
              <Trans>Pack</Trans>
            </Badge>
          ) : null}
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
          <Stack gap={6} role="group" aria-label={t`Matières de l'offre ${name}`}>
            <Text size="sm" fw={600}>
              <Trans>Choisissez vos matières</Trans>
            </Text>
            <Group gap={6}>
              <Chip
                size="sm"
                checked={allBuyableChosen}
                disabled={owned || buyable.length === 0}
                onChange={() => setChosen(allBuyableChosen ? [] : buyable)}
                classNames={{ label: classes.chipLabel }}
                data-testid={`subject-all-${offer.offer_id}`}
              >
                <Trans>Toutes les matières</Trans>
              </Chip>
              {offer.offer_subject_details.map((d) => (
                <Chip
                  key={d.id}
                  size="sm"
                  checked={d.owned || chosen.includes(d.subjectId)}
                  disabled={d.owned}
                  onChange={() => toggle(d.subjectId)}
                  classNames={{ label: classes.chipLabel }}
                  data-testid={`subject-${offer.offer_id}-${d.subjectId}`}
                >
                  {l(d.subject)} · {money(d.price)} <Trans>DT</Trans>
                  {d.owned && (
                    <>
                      {" "}
                      (<Trans>acquise</Trans>)
                    </>
                  )}
                </Chip>
              ))}
            </Group>
          </Stack>
        )}

        {inSlices && (
          <Stack gap={4} data-testid={`instalments-${offer.offer_id}`}>
            <NativeSelect
              label={t`Tranches à payer maintenant`}
              value={String(quantity)}
              onChange={(e) => setQuantity(Number(e.currentTarget.value))}
              data={Array.from({ length: left }, (_, i) => {
                const n = i + 1;
                const label = n === left ? (paid === 0 ? t`Toute l'année (${n} tranches)` : t`Tout le reste (${n} tranches)`) : n === 1 ? t`1 tranche` : t`${n} tranches`;
                return { value: String(n), label };
              })}
              disabled={offer.disabled}
              data-testid={`slices-${offer.offer_id}`}
            />
            {instalments && (
              <Text size="sm" c="dimmed" data-testid={`slice-info-${offer.offer_id}`}>
                {quantity === 1 ? (
                  <Trans>
                    Tranche {sliceFrom} sur {sliceCount}, accès jusqu'au {accessEnd}
                  </Trans>
                ) : (
                  <Trans>
                    Tranches {sliceFrom} à {sliceTo} sur {sliceCount}, accès jusqu'au {accessEnd}
                  </Trans>
                )}
              </Text>
            )}
          </Stack>
        )}

        <div className={classes.grow} />

        {price && period && (
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
                {instalments ? <Trans>maintenant</Trans> : i18n._(PER_PERIOD[period])}
              </Text>
            </Group>
            {offer.discount && (
              <Text size="sm" c="teal.9" data-testid={`class-discount-${offer.offer_id}`}>
                {offer.discount.type === "percentage" ? (
                  <Trans>Remise de classe : -{percentOff} %</Trans>
                ) : (
                  <Trans>Remise de classe : -{fixedOff} DT</Trans>
                )}
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
        )}
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
