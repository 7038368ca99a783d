import { useEffect, useState } from "react";
import { Badge, Group, Menu, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCheck } from "@tabler/icons-react";
import { formatBytes } from "@/lib/formatBytes";
import { setLiteChoice, useLite, type LiteChoice } from "@/lib/lite";
import { startDataCounter, storageUsed, usageThisMonth } from "@/lib/dataUsage";

/**
 * The user menu's part for weak connections (issue 22): the lite mode's state and its three-way switch (kept per
 * device), the data this app downloaded this month and the storage it holds. Loaded with the menu, on first use.
 */
export function LiteMenuSection() {
  const { t, i18n } = useLingui();
  const lite = useLite();
  // Read when the menu opens (this section mounts with it): the count is written as responses arrive.
  const used = formatBytes(usageThisMonth(), i18n.locale);
  const [stored, setStored] = useState<number | null>(null);
  const storedLabel = stored !== null ? formatBytes(stored, i18n.locale) : null;
  useEffect(() => {
    startDataCounter();
    let live = true;
    void storageUsed().then((bytes) => live && setStored(bytes));
    return () => {
      live = false;
    };
  }, []);

  const choices: Array<{ value: LiteChoice; label: string }> = [
    { value: "auto", label: t`Automatique` },
    { value: "on", label: t`Activé` },
    { value: "off", label: t`Désactivé` },
  ];
  const reason =
    lite.reason === "save-data" ? t`le navigateur économise les données` : lite.reason === "slow-link" ? t`connexion lente` : null;

  return (
    <>
      <Menu.Divider />
      <Menu.Label>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="xs" fw={700} c="var(--mantine-color-text)" id="lite-mode-label">
            <Trans>Mode léger</Trans>
          </Text>
          <Badge size="sm" tt="none" variant={lite.on ? "filled" : "light"} color={lite.on ? "teal.9" : "gray"} data-testid="lite-badge" data-on={lite.on}>
            {lite.on ? <Trans>Activé</Trans> : <Trans>Désactivé</Trans>}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {reason !== null ? (
            <Trans>Automatique : {reason}</Trans>
          ) : (
            <Trans>Vidéos sans préchargement, pages non préchargées</Trans>
          )}
        </Text>
      </Menu.Label>
      <div role="group" aria-labelledby="lite-mode-label">
        {choices.map((c) => (
          <Menu.Item
            key={c.value}
            // Mantine's items are always role="menuitem" (no aria-checked there): the chosen one is "current".
            aria-current={lite.choice === c.value ? "true" : undefined}
            closeMenuOnClick={false}
            onClick={() => setLiteChoice(c.value)}
            leftSection={<IconCheck size={16} aria-hidden style={{ visibility: lite.choice === c.value ? "visible" : "hidden" }} />}
            data-testid={`lite-${c.value}`}
          >
            {c.label}
          </Menu.Item>
        ))}
      </div>
      <Menu.Label>
        <Text size="xs" c="var(--mantine-color-text)" data-testid="data-used">
          <Trans>Données utilisées ce mois-ci : {used}</Trans>
        </Text>
        {storedLabel !== null && (
          <Text size="xs" c="var(--mantine-color-text)" data-testid="storage-used">
            <Trans>Stockage sur cet appareil : {storedLabel}</Trans>
          </Text>
        )}
      </Menu.Label>
    </>
  );
}
