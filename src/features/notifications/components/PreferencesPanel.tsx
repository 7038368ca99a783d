import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Switch.css";
import { Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { NOTIFICATION_GROUPS, type NotificationCategory, type NotificationGroup } from "@domain/notifications";
import { preferencesQueryOptions } from "../api/getPreferences";
import { useUpdatePreference } from "../api/updatePreference";
import classes from "./menus.module.css";

const GROUP_LABELS: Record<NotificationGroup, MessageDescriptor> = {
  general: msg`Général`,
  contents: msg`Contenus`,
  sessions: msg`Séances`,
  payment: msg`Paiement`,
};

const CATEGORY_LABELS: Record<NotificationCategory, MessageDescriptor> = {
  completeInformation: msg`Compléter mes informations`,
  giftCodeUsed: msg`Code cadeau utilisé`,
  parentRequest: msg`Demandes parentales`,
  changePassword: msg`Changement de mot de passe`,
  uploadNewSessionRecord: msg`Nouveaux enregistrements de séances`,
  uploadNewContent: msg`Nouveaux cours`,
  updateSession: msg`Séances en direct modifiées`,
  updateVideoReport: msg`Suivi de mes rapports vidéo`,
  paySlice: msg`Échéances de paiement`,
  transferPoint: msg`Transferts de points`,
};

/** The preference settings (SPEC §3): the four groups, each category on or off (`PUT /user/update-notification-preferences`). */
export function PreferencesPanel() {
  const { t, i18n } = useLingui();
  const prefs = useQuery(preferencesQueryOptions);
  const update = useUpdatePreference();
  if (prefs.isPending) return <Loader size="sm" aria-label={t`Chargement`} />;
  if (prefs.isError) return <Text c="dimmed">{t`Les préférences n'ont pas pu être chargées.`}</Text>;
  return (
    <div data-testid="notification-preferences">
      {(Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[]).map((group) => (
        <section key={group} className={classes.group} aria-labelledby={`pref-group-${group}`}>
          <Title order={3} size="h6" id={`pref-group-${group}`} mb={6}>
            {i18n._(GROUP_LABELS[group])}
          </Title>
          <Stack gap={4}>
            {NOTIFICATION_GROUPS[group].map((category) => (
              <Switch
                key={category}
                label={i18n._(CATEGORY_LABELS[category])}
                checked={prefs.data[category] === 1}
                onChange={(e) => update.mutate({ category, on: e.currentTarget.checked })}
                size="md"
                py={6}
                data-testid={`pref-${category}`}
              />
            ))}
          </Stack>
        </section>
      ))}
    </div>
  );
}
