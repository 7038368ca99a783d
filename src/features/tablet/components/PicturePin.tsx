import type { ComponentType } from "react";
import { Button, Group, SimpleGrid, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconApple, IconBallFootball, IconBackspace, IconCar, IconCat, IconDog, IconFish, IconStar, IconSun, IconTree, type IconProps } from "@tabler/icons-react";
import { PIN_LENGTH, PIN_PICTURES, type PinPicture } from "@domain/tablet";

/** Each picture of the keypad: its icon, its name (read aloud and written under it) and its colour. */
const PICTURES: Record<PinPicture, { Icon: ComponentType<IconProps>; label: MessageDescriptor; color: string }> = {
  cat: { Icon: IconCat, label: msg`Chat`, color: "var(--mantine-color-orange-9)" },
  dog: { Icon: IconDog, label: msg`Chien`, color: "var(--mantine-color-yellow-9)" },
  fish: { Icon: IconFish, label: msg`Poisson`, color: "var(--mantine-color-blue-8)" },
  sun: { Icon: IconSun, label: msg`Soleil`, color: "var(--mantine-color-red-8)" },
  star: { Icon: IconStar, label: msg`Étoile`, color: "var(--mantine-color-grape-8)" },
  tree: { Icon: IconTree, label: msg`Arbre`, color: "var(--mantine-color-green-9)" },
  apple: { Icon: IconApple, label: msg`Pomme`, color: "var(--mantine-color-pink-9)" },
  ball: { Icon: IconBallFootball, label: msg`Ballon`, color: "var(--mantine-color-dark-6)" },
  car: { Icon: IconCar, label: msg`Voiture`, color: "var(--mantine-color-cyan-9)" },
};

/**
 * A picture-sequence PIN (issue 23, item 2): 4 taps among 9 big labelled pictures (repeats allowed). What was tapped
 * shows as filled dots only, like a masked digit PIN: the next pupil in line does not see the sequence.
 */
export function PicturePin({ value, onChange, labelId }: { value: PinPicture[]; onChange: (next: PinPicture[]) => void; labelId: string }) {
  const { t, i18n } = useLingui();
  const count = value.length;
  const full = count >= PIN_LENGTH;
  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      <Group justify="center" gap="md" aria-live="polite" data-testid="picture-pin-dots">
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <span
            key={i}
            aria-hidden
            style={{
              width: 18,
              height: 18,
              borderRadius: "50%",
              border: "2px solid var(--mantine-color-darsi-8)",
              background: i < count ? "var(--mantine-color-darsi-8)" : "transparent",
            }}
          />
        ))}
        <VisuallyHidden>
          <Trans>
            {count} images sur {PIN_LENGTH}
          </Trans>
        </VisuallyHidden>
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        {PIN_PICTURES.map((name) => {
          const { Icon, label, color } = PICTURES[name];
          return (
            <UnstyledButton
              key={name}
              type="button"
              disabled={full}
              onClick={() => onChange([...value, name])}
              data-testid={`pin-picture-${name}`}
              style={{
                minHeight: 88,
                border: "1px solid var(--mantine-color-default-border)",
                borderRadius: "var(--mantine-radius-md)",
                display: "flex",
                flexDirection: "column",
                alignItems: "center",
                justifyContent: "center",
                gap: 4,
                opacity: full ? 0.5 : 1,
              }}
            >
              <Icon size={40} stroke={1.6} color={color} aria-hidden />
              <Text size="sm" fw={600}>
                {i18n._(label)}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Group justify="center">
        <Button
          type="button"
          variant="subtle"
          size="compact-md"
          leftSection={<IconBackspace size={18} aria-hidden className="darsi-flip" />}
          disabled={count === 0}
          onClick={() => onChange(value.slice(0, -1))}
          aria-label={t`Effacer la dernière image`}
        >
          <Trans>Effacer</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
