import { NativeSelect, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OfferDto } from "@domain/offers";
import { formatDate } from "@/lib/format";

export interface InstalmentPickerProps {
  offer: OfferDto;
  /** Instalments already paid. */
  paid: number;
  /** Instalments left to pay. */
  left: number;
  quantity: number;
  onQuantity: (quantity: number) => void;
  /** The instalments this purchase pays, once priced: until when they give access. */
  instalments: { end: string } | null;
}

/** A year sold in instalments: how many to pay now, and which ones they are with the access they give. */
export function InstalmentPicker({ offer, paid, left, quantity, onQuantity, instalments }: InstalmentPickerProps) {
  const { t } = useLingui();
  const sliceFrom = paid + 1;
  const sliceTo = paid + quantity;
  const sliceCount = offer.slices;
  const accessEnd = instalments ? formatDate(instalments.end) : "";
  return (
    <Stack gap={4} data-testid={`instalments-${offer.offer_id}`}>
      <NativeSelect
        label={t`Tranches à payer maintenant`}
        value={String(quantity)}
        onChange={(e) => onQuantity(Number(e.currentTarget.value))}
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
  );
}
