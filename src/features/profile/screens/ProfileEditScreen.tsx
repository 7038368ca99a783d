import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { profileTitleKind, ProfileUpdateSchema, shouldAskParentPhone, type Address } from "@domain/profile";
import { useAvatarSrc } from "@/lib/avatar";
import { describeError } from "@/lib/i18n/errors";
import { useSchemaForm } from "@/lib/forms";
import { meQueryOptions } from "@/lib/me";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { useUploadAvatar } from "../api/uploadAvatar";
import { AddressFields } from "../components/AddressFields";
import { ParentPhoneModal } from "../components/ParentPhoneModal";
import { PersonalInfoFields } from "../components/PersonalInfoFields";
import { TestAccountNotice } from "../components/TestAccountNotice";
import { useDivisionOptions } from "../components/useDivisionOptions";
import { profileFormValues, useSaveProfile } from "../components/useSaveProfile";
import { VerifyEmailModal } from "../components/VerifyEmailModal";

// The cropper (react-easy-crop) loads only when a photo is chosen.
const PhotoCropModal = lazy(() => import("../components/PhotoCropModal"));

function Section({ title, children, id }: { title: ReactNode; children: ReactNode; id: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * /mon-profil/edit (SPEC §2, §5): the photo (chosen, cropped in a dialog, resized to a small JPEG on the device and
 * uploaded), names, phones, birth date, gender, e-mail, class (with hasEditDivision), address with dependent selects.
 * A new phone or e-mail is confirmed with the code sent to it. Test accounts see the profile, not the form.
 */
export function ProfileEditScreen({ onDone }: { onDone?: (to: "/mon-profil" | "/subjects") => void }) {
  const { t, i18n } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const navigate = useNavigate();
  const kind = profileTitleKind(me);
  const title = kind === "edit" ? t`Modifier mon profil` : t`Compléter vos données`;
  useDocumentTitle(title);
  const uploadAvatar = useUploadAvatar();
  const avatar = useAvatarSrc(me.avatar);
  const { options: divisionOptions } = useDivisionOptions();
  const [photo, setPhoto] = useState<File | null>(null);
  const [askParent, setAskParent] = useState(false);
  const canEdit = !me.isTest || me.adminId !== null;
  const done = (to: "/mon-profil" | "/subjects") => (onDone ? onDone(to) : void navigate({ to }));

  const { form, field, values, applyServerErrors } = useSchemaForm(ProfileUpdateSchema, { initialValues: profileFormValues(me) });
  const address: Address = {
    country: values.country as number | null,
    state: values.state as number | null,
    delegation: values.delegation as number | null,
    institute: values.institute as number | null,
  };
  const stateField = field("state");

  const afterSave = () => {
    if (shouldAskParentPhone(me)) setAskParent(true);
    else done("/mon-profil");
  };
  const { save, saving, confirming, setConfirming } = useSaveProfile(applyServerErrors, afterSave);
  const submit = form.onSubmit(save);

  const savePhoto = async (jpeg: Blob) => {
    try {
      await uploadAvatar.mutateAsync(jpeg);
      toast.success(t`Votre photo a été mise à jour`);
      setPhoto(null);
    } catch (err) {
      toast.error(describeError(i18n, err));
    }
  };

  if (!canEdit) return <TestAccountNotice title={title} />;

  const division = field("division");
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={1} fz={{ base: "h2", sm: "h1" }} data-testid="profile-edit-title">
            {title}
          </Title>

          <Section id="edit-personal" title={<Trans>Informations personnelles</Trans>}>
            <PersonalInfoFields
              field={field}
              avatar={avatar}
              fullName={[me.name, me.last_name].join(" ")}
              phoneRequired={address.country === 1}
              uploading={uploadAvatar.isPending}
              onPhoto={setPhoto}
            />
          </Section>

          <Section id="edit-academic" title={<Trans>Informations scolaires</Trans>}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t`Adresse e-mail`} type="email" autoComplete="email" {...field("email")} />
              <Select
                label={t`Classe`}
                data={divisionOptions}
                searchable
                required
                disabled={!me.permissions.hasEditDivision}
                description={me.permissions.hasEditDivision ? undefined : t`Pour changer de classe, faites une demande depuis votre profil.`}
                {...division}
                value={division.value ? String(division.value) : null}
                onChange={(v) => division.onChange(v ?? "")}
              />
            </SimpleGrid>
          </Section>

          <Section id="edit-address" title={<Trans>Adresse</Trans>}>
            <AddressFields
              value={address}
              stateError={stateField.error}
              onChange={(next) => {
                form.setFieldValue("country", next.country);
                form.setFieldValue("state", next.state);
                form.setFieldValue("delegation", next.delegation);
                form.setFieldValue("institute", next.institute);
              }}
            />
          </Section>

          <Group justify="flex-end">
            <Button component={Link} to="/mon-profil" variant="default">
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={saving} data-testid="save-profile">
              <Trans>Enregistrer</Trans>
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>Un code de confirmation est envoyé à tout nouveau numéro de téléphone ou adresse e-mail.</Trans>
          </Text>
        </Stack>
      </form>
      {/* Outside the form: their own forms' submit events must not reach it through the React tree. */}
      {photo && (
        <Suspense fallback={null}>
          <PhotoCropModal file={photo} onClose={() => setPhoto(null)} onCropped={savePhoto} />
        </Suspense>
      )}
      <VerifyEmailModal
        opened={confirming !== null}
        email={confirming?.email ?? null}
        destination={confirming?.destination}
        onClose={() => setConfirming(null)}
        onVerified={() => {
          setConfirming(null);
          afterSave();
        }}
      />
      <ParentPhoneModal opened={askParent} onClose={() => done("/mon-profil")} onSaved={() => done("/subjects")} />
    </>
  );
}
