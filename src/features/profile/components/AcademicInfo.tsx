import { Button, SimpleGrid } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { IconMail, IconSchool } from "@tabler/icons-react";
import type { DivisionChangeDto } from "@domain/profile";
import type { Me } from "@domain/user";
import { ClassChangesTable } from "./ClassChangesTable";
import { Info, useRefName } from "./ProfileInfo";

export interface AcademicInfoProps {
  me: Me;
  canEdit: boolean;
  /** The pupil's class-change requests, once loaded. */
  changes: DivisionChangeDto[] | undefined;
  onAddEmail: () => void;
  onChangeClass: () => void;
}

/** The profile's academic part: the e-mail (or a button to add one), the class, its change button and past requests. */
export function AcademicInfo({ me, canEdit, changes, onAddEmail, onChangeClass }: AcademicInfoProps) {
  const name = useRefName();
  const pending = (changes ?? []).some((c) => c.status === "pending");
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Info label={<Trans>Adresse e-mail</Trans>}>
          {me.email ? (
            <bdi>{me.email}</bdi>
          ) : canEdit ? (
            <Button variant="subtle" size="compact-sm" leftSection={<IconMail size={16} aria-hidden />} onClick={onAddEmail} data-testid="add-email">
              <Trans>Ajouter une adresse e-mail</Trans>
            </Button>
          ) : (
            ""
          )}
        </Info>
        <Info label={<Trans>Classe</Trans>} testId="profile-class">
          {name(me.division)}
        </Info>
      </SimpleGrid>
      {canEdit && (
        <Button
          variant="light"
          mt="md"
          maw="100%"
          style={{ alignSelf: "flex-start" }}
          h="auto"
          mih={40}
          py={6}
          leftSection={<IconSchool size={18} aria-hidden />}
          styles={{ label: { whiteSpace: "normal" } }}
          onClick={onChangeClass}
          disabled={pending && !me.permissions.hasEditDivision}
          data-testid="class-change"
        >
          {me.permissions.hasEditDivision ? <Trans>Changer de classe</Trans> : <Trans>Demander un changement de classe</Trans>}
        </Button>
      )}
      {changes && changes.length > 0 && <ClassChangesTable changes={changes} />}
    </>
  );
}
