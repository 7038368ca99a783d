import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "@/lib/format";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import type { OfferChoice } from "./OfferCard";
import { PER_PERIOD, PERIOD_LABELS } from "./labels";

export interface PurchaseConfirmModalProps {
  choice: OfferChoice | null;
  /** The pupil's balance, in millimes. */
  balance: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The purchase confirmation (SPEC §2 modals): what is bought, for how long, the price, the balance after. */
export function PurchaseConfirmModal({ choice, balance, pending, onConfirm, onClose }: PurchaseConfirmModalProps) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const money = useFormatMillimes();
  const offer = choice?.offer;
  const subjects = offer && choice.subjectIds ? offer.offer_subject_details.filter((d) => choice.subjectIds!.includes(d.subjectId)) : [];
  const missing = choice ? Math.max(0, choice.price.final - balance) : 0;
  const offerName = offer ? l(offer) : "";
  const periodName = choice ? i18n._(PERIOD_LABELS[choice.period]) : "";
  const perPeriod = choice ? i18n._(PER_PERIOD[choice.period]) : "";
  const basePrice = money(choice?.price.base ?? 0);
  const finalPrice = money(choice?.price.final ?? 0);
  const balanceText = money(balance);
  const missingText = money(missing);
  const slices = choice?.instalments ?? null;
  const sliceFrom = slices?.from ?? 0;
  const sliceTo = slices ? slices.from + slices.quantity - 1 : 0;
  const sliceCount = slices?.slices ?? 0;
  const accessEnd = slices ? formatDate(slices.end) : "";
  return (
    <Modal opened={choice !== null} onClose={pending ? () => undefined : onClose} title={t`Confirmer l'achat`} centered closeButtonProps={{ "aria-label": t`Fermer` }} data-testid="purchase-confirm">
      {choice && offer && (
        <Stack gap="md">
          <Text>
            <Trans>
              Offre <strong>{offerName}</strong> — {periodName}
            </Trans>
          </Text>
          {slices && (
            <Text size="sm" data-testid="confirm-instalments">
              {slices.quantity === 1 ? (
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
          {offer.per_subject && (
            <Text size="sm">
              {subjects.length ? subjects.map((d) => l(d.subject)).join(", ") : <Trans>Toutes les matières</Trans>}
            </Text>
          )}
          <Stack gap={2}>
            {choice.price.final < choice.price.base && (
              <Text size="sm" c="dimmed">
                <Trans>
                  Prix avant remises : {basePrice} DT
                </Trans>
              </Text>
            )}
            <Text fw={700} fz="lg" data-testid="confirm-price">
              {slices ? (
                <Trans>À payer maintenant : {finalPrice} DT</Trans>
              ) : (
                <Trans>
                  À payer : {finalPrice} DT {perPeriod}
                </Trans>
              )}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Votre solde : {balanceText} points</Trans>
            </Text>
            {missing > 0 && (
              <Text size="sm" c="red.8" data-testid="confirm-missing">
                <Trans>Il vous manque {missingText} points : vous pourrez recharger votre porte-monnaie.</Trans>
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              <Trans>Annuler</Trans>
            </Button>
            <Button onClick={onConfirm} loading={pending} data-testid="confirm-buy">
              {choice.price.final === 0 ? <Trans>Activer</Trans> : <Trans>Payer avec mes points</Trans>}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
