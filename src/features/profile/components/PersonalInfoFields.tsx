import { Avatar, Button, FileButton, Group, Radio, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCamera } from "@tabler/icons-react";
import { BirthDateInput } from "@/components/BirthDateInput";
import type { useSchemaForm } from "@/lib/forms";

type Field = ReturnType<typeof useSchemaForm>["field"];

export interface PersonalInfoFieldsProps {
  field: Field;
  /** The avatar's image, and the name its initials come from. */
  avatar: string | null;
  fullName: string;
  /** A phone is required in Tunisia. */
  phoneRequired: boolean;
  uploading: boolean;
  onPhoto: (file: File | null) => void;
}

/** The profile form's personal part: the photo (chosen here, cropped by the screen), names, phones, birth date, gender. */
export function PersonalInfoFields({ field, avatar, fullName, phoneRequired, uploading, onPhoto }: PersonalInfoFieldsProps) {
  const { t } = useLingui();
  const gender = field("gender");
  return (
    <Stack gap="md">
      <Group gap="md">
        <Avatar src={avatar} name={fullName} color="darsi.8" variant="filled" size={80} radius="50%" alt="" />
        <FileButton accept="image/jpeg,image/png,image/webp" onChange={onPhoto}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden />} loading={uploading} data-testid="choose-photo">
              <Trans>Changer la photo</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t`Nom`} autoComplete="family-name" required {...field("lastName")} />
        <TextInput label={t`Prénom`} autoComplete="given-name" required {...field("name")} />
        <TextInput label={t`Téléphone`} type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={8} required={phoneRequired} {...field("phone")} />
        <TextInput label={t`Second téléphone`} type="tel" inputMode="numeric" maxLength={8} {...field("phone2")} />
        <BirthDateInput required {...field("birthDate")} />
        <Radio.Group label={t`Genre`} value={String(gender.value ?? "")} onChange={gender.onChange} error={gender.error}>
          <Group gap="lg" mt={6}>
            <Radio value="male" label={t`Garçon`} />
            <Radio value="female" label={t`Fille`} />
          </Group>
        </Radio.Group>
      </SimpleGrid>
    </Stack>
  );
}
