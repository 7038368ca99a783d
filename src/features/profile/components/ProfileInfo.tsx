import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { refName } from "@/lib/reference";

/** One labelled value of the profile page ("—" when empty). */
export function Info({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {children || "—"}
      </Text>
    </Stack>
  );
}

/** A card of the profile page, titled, with an optional action beside its title. */
export function ProfileSection({ title, children, action, id }: { title: ReactNode; children: ReactNode; action?: ReactNode; id: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="h3" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A reference's name (class, governorate, reason…) in the interface's language; "" for none. */
export function useRefName() {
  const { i18n } = useLingui();
  return (r: { name: string; name_ar?: string; name_en?: string } | null) => (r ? refName(r, i18n.locale) : "");
}
