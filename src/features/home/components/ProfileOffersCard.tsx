import { Avatar, Badge, Button, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { IconChevronRight, IconTag, IconUser } from "@tabler/icons-react";
import type { Affiliation, Me } from "@domain/user";
import { useAvatarSrc } from "@/lib/avatar";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { refName } from "@/lib/reference";
import classes from "./home.module.css";
import { useDisplayName } from "@/lib/displayName";

const PERIODS: Record<string, MessageDescriptor> = {
  year: msg`Toute l'année`,
  rest_of_year: msg`Reste de l'année`,
  month: msg`Mensuel`,
  week: msg`Hebdomadaire`,
  day: msg`Journalier`,
  free: msg`Gratuit`,
};

/** The "profile and offers" widget of the home page (SPEC §2): class, current offers and their end dates. */
export function ProfileOffersCard({ me }: { me: Pick<Me, "name" | "last_name" | "avatar" | "division" | "affiliations"> }) {
  const { t, i18n } = useLingui();
  const fullName = useDisplayName(me);
  const avatar = useAvatarSrc(me.avatar);
  const offers = [...me.affiliations].sort((a, b) => a.end_date.localeCompare(b.end_date));
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card} component="section" aria-label={t`Profil et offres`}>
      <Group gap="md" wrap="nowrap">
        <Avatar src={avatar} name={fullName} color="darsi.8" variant="filled" size={56} radius="xl" alt="" />
        <Stack gap={2} miw={0}>
          <Text fz="lg" fw={700} lineClamp={2} data-testid="home-name">
            {fullName}
          </Text>
          <Text size="sm" c="dimmed" data-testid="home-class">
            {me.division ? refName(me.division, i18n.locale) : <Trans>Classe non renseignée</Trans>}
          </Text>
        </Stack>
      </Group>

      <Divider my="md" />

      <Title order={2} fz="md" mb="xs">
        <Trans>Mes offres</Trans>
      </Title>
      {offers.length > 0 ? (
        <ul className={classes.offerList} data-testid="home-offers">
          {offers.map((offer) => (
            <OfferRow key={offer.id} offer={offer} />
          ))}
        </ul>
      ) : (
        <Stack gap={6} align="flex-start" data-testid="home-no-offer">
          <Text fw={600}>
            <Trans>Aucune offre</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>Abonnez-vous pour débloquer toutes les leçons, les examens et les séances en direct.</Trans>
          </Text>
        </Stack>
      )}

      <Group gap="sm" mt="lg">
        <Button
          component={Link}
          to="/offres"
          variant={offers.length > 0 ? "light" : "filled"}
          color={offers.length > 0 ? undefined : "darsi.8"}
          leftSection={<IconTag size={18} aria-hidden />}
          rightSection={<IconChevronRight size={16} aria-hidden className="darsi-flip" />}
        >
          <Trans>Voir les offres</Trans>
        </Button>
        <Button component={Link} to="/mon-profil" variant="default" leftSection={<IconUser size={18} aria-hidden />}>
          <Trans>Mon profil</Trans>
        </Button>
      </Group>
    </Card>
  );
}

function OfferRow({ offer }: { offer: Affiliation }) {
  const { i18n } = useLingui();
  const l = useLocalized();
  const period = PERIODS[offer.period];
  const endDate = formatDate(offer.end_date);
  return (
    <li className={classes.offerRow}>
      <Group gap={8} wrap="nowrap" miw={0}>
        <Badge color="darsi.8" variant="filled" size="lg" tt="none">
          <bdi>{l(offer.group)}</bdi>
        </Badge>
        {period && (
          <Text size="sm" c="dimmed">
            {i18n._(period)}
          </Text>
        )}
      </Group>
      <Text size="sm" fw={500}>
        <Trans>Jusqu'au {endDate}</Trans>
      </Text>
    </li>
  );
}
