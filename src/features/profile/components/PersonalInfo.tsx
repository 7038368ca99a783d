import { Avatar, Group, SimpleGrid } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { hasPlaceholderName, type Me } from "@domain/user";
import { useAvatarSrc } from "@/lib/avatar";
import { formatDate } from "@/lib/format";
import { GENDER_LABEL } from "../labels";
import { Info } from "./ProfileInfo";
import { useDisplayName } from "@/lib/displayName";

/** The profile's personal part: the photo, names, phones, birth date and gender. */
export function PersonalInfo({ me }: { me: Me }) {
  const { t, i18n } = useLingui();
  const avatar = useAvatarSrc(me.avatar);
  const fullName = useDisplayName(me);
  // An operator's subscriber without a name of their own yet: no stored placeholder shown as their name.
  const named = !hasPlaceholderName(me);
  return (
    <Group gap="lg" align="flex-start" wrap="wrap">
      <Avatar src={avatar} name={fullName} color="darsi.8" variant="filled" size={96} radius="50%" alt={avatar ? t`Photo de profil` : ""} data-testid="profile-avatar" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ flex: 1, minWidth: 220 }}>
        <Info label={<Trans>Nom</Trans>} testId="profile-last-name">
          <bdi>{named ? me.last_name : ""}</bdi>
        </Info>
        <Info label={<Trans>Prénom</Trans>} testId="profile-name">
          <bdi>{named ? me.name : ""}</bdi>
        </Info>
        <Info label={<Trans>Téléphone</Trans>}>
          <bdi dir="ltr">{me.phone ?? ""}</bdi>
        </Info>
        <Info label={<Trans>Second téléphone</Trans>} testId="profile-phone2">
          <bdi dir="ltr">{me.phone2 ?? ""}</bdi>
        </Info>
        <Info label={<Trans>Date de naissance</Trans>}>{me.birth_date ? formatDate(me.birth_date) : ""}</Info>
        <Info label={<Trans>Genre</Trans>}>{me.gender ? i18n._(GENDER_LABEL[me.gender]) : ""}</Info>
      </SimpleGrid>
    </Group>
  );
}
