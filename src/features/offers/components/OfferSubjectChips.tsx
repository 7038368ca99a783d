import { Chip, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OfferDto } from "@domain/offers";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import classes from "./offers.module.css";

export interface OfferSubjectChipsProps {
  offer: OfferDto;
  /** The offer's name, for the group's label. */
  name: string;
  buyable: number[];
  chosen: number[];
  allBuyableChosen: boolean;
  toggle: (subjectId: number) => void;
  toggleAll: () => void;
}

/** The subjects of an offer sold per subject: owned ones disabled, "Toutes les matières" toggles them all. */
export function OfferSubjectChips({ offer, name, buyable, chosen, allBuyableChosen, toggle, toggleAll }: OfferSubjectChipsProps) {
  const { t } = useLingui();
  const l = useLocalized();
  const money = useFormatMillimes();
  return (
    <Stack gap={6} role="group" aria-label={t`Matières de l'offre ${name}`}>
      <Text size="sm" fw={600}>
        <Trans>Choisissez vos matières</Trans>
      </Text>
      <Group gap={6}>
        <Chip
          size="sm"
          checked={allBuyableChosen}
          disabled={offer.owned || buyable.length === 0}
          onChange={toggleAll}
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
  );
}
