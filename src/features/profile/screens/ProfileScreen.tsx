import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Table.css";
import { Alert, Button, Card, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type MouseEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconEdit, IconKey } from "@tabler/icons-react";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { meQueryOptions } from "@/lib/me";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { shouldAskParentPhone } from "@domain/profile";
import { divisionChangesQueryOptions } from "../api/divisionChanges";
import { AcademicInfo } from "../components/AcademicInfo";
import { ChangePasswordModal } from "../components/ChangePasswordModal";
import { ParentPhoneModal } from "../components/ParentPhoneModal";
import { ClassChangeModal } from "../components/ClassChangeModal";
import { MarksheetsSection } from "../components/MarksheetsSection";
import { LinkedAccounts } from "../components/LinkedAccounts";
import { useEmailGate } from "../components/EmailGate";
import { PersonalInfo } from "../components/PersonalInfo";
import { Info, ProfileSection, useRefName } from "../components/ProfileInfo";

const PARENT_LATER = "darsi:parent-phone-later";

/** /mon-profil (SPEC §2): personal info, academic info with the class change, address, report cards; the modals. */
export function ProfileScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Mon profil`);
  const { data: me, dataUpdatedAt } = useSuspenseQuery(meQueryOptions);
  const changes = useQuery(divisionChangesQueryOptions());
  // Changing the password or the class needs the server: offline, said at once with "Réessayer".
  const online = useNeedsConnection();
  const [modal, setModal] = useState<"password" | "class" | null>(null);
  const emailGate = useEmailGate();
  const navigate = useNavigate();
  // SPEC §5: the add-parent-phone modal opens by its rule; "Plus tard" is remembered for this browser session.
  const [askParent, setAskParent] = useState(() => shouldAskParentPhone(me) && !me.isTest && sessionStorage.getItem(PARENT_LATER) === null);
  const canEdit = !me.isTest || me.adminId !== null;
  const name = useRefName();

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          <Trans>Mon profil</Trans>
        </Title>
        <Group gap="xs">
          {canEdit && (
            <Button
              component={Link}
              to="/mon-profil/edit"
              onClick={(event: MouseEvent) => {
                // Saving needs the server: offline, said here at once rather than after the form is filled.
                event.preventDefault();
                online.guard(() => void navigate({ to: "/mon-profil/edit" }));
              }}
              leftSection={<IconEdit size={18} aria-hidden />} data-testid="edit-profile">
              {me.completed ? <Trans>Modifier mon profil</Trans> : <Trans>Compléter vos données</Trans>}
            </Button>
          )}
          <Button variant="default" leftSection={<IconKey size={18} aria-hidden />} disabled={!canEdit} onClick={() => online.guard(() => setModal("password"))}>
            <Trans>Changer le mot de passe</Trans>
          </Button>
        </Group>
      </Group>
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      {online.notice}
      {me.isTest && (
        <Alert color="yellow" variant="light">
          <Trans>Ce compte de test ne peut pas être modifié.</Trans>
        </Alert>
      )}

      <ProfileSection id="personal-title" title={<Trans>Informations personnelles</Trans>}>
        <PersonalInfo me={me} />
      </ProfileSection>

      <ProfileSection id="academic-title" title={<Trans>Informations scolaires</Trans>}>
        <AcademicInfo me={me} canEdit={canEdit} changes={changes.data} onAddEmail={() => emailGate.require(() => undefined)} onChangeClass={() => online.guard(() => setModal("class"))} />
      </ProfileSection>

      <ProfileSection id="address-title" title={<Trans>Adresse</Trans>}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Info label={<Trans>Pays</Trans>}>{name(me.country)}</Info>
          <Info label={<Trans>Gouvernorat</Trans>}>{name(me.state)}</Info>
          <Info label={<Trans>Délégation</Trans>}>{name(me.delegation)}</Info>
          <Info label={<Trans>Établissement</Trans>}>{me.institute?.name ?? ""}</Info>
        </SimpleGrid>
      </ProfileSection>

      <ProfileSection id="linked-title" title={<Trans>Comptes liés</Trans>}>
        <LinkedAccounts me={me} disabled={!canEdit} />
      </ProfileSection>

      <Card withBorder radius="lg" padding="lg">
        <MarksheetsSection division={me.division?.id ?? null} readOnly={!canEdit} />
      </Card>

      <ChangePasswordModal opened={modal === "password"} onClose={() => setModal(null)} />
      <ClassChangeModal
        opened={modal === "class"}
        onClose={() => setModal(null)}
        currentDivision={me.division?.id ?? null}
        direct={me.permissions.hasEditDivision}
      />
      {emailGate.modals}
      <ParentPhoneModal
        opened={askParent}
        onClose={() => {
          sessionStorage.setItem(PARENT_LATER, "1");
          setAskParent(false);
        }}
        onSaved={() => {
          setAskParent(false);
          void navigate({ to: "/subjects" });
        }}
      />
    </Stack>
  );
}
