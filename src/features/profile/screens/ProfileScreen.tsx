import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Table.css";
import { Alert, Avatar, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconEdit, IconKey, IconMail, IconSchool } from "@tabler/icons-react";
import { useAvatarSrc } from "@/lib/avatar";
import { formatDate } from "@/lib/format";
import { meQueryOptions } from "@/lib/me";
import { refName } from "@/lib/reference";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { shouldAskParentPhone } from "@domain/profile";
import { divisionChangesQueryOptions } from "../api/divisionChanges";
import { ChangePasswordModal } from "../components/ChangePasswordModal";
import { ParentPhoneModal } from "../components/ParentPhoneModal";
import { ClassChangeModal } from "../components/ClassChangeModal";
import { MarksheetsSection } from "../components/MarksheetsSection";
import { useEmailGate } from "../components/EmailGate";
import { GENDER_LABEL, STATUS_COLOR, STATUS_LABEL } from "../labels";

const PARENT_LATER = "darsi:parent-phone-later";

function Info({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
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

function Section({ title, children, action, id }: { title: ReactNode; children: ReactNode; action?: ReactNode; id: string }) {
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

/** /mon-profil (SPEC §2): personal info, academic info with the class change, address, report cards; the modals. */
export function ProfileScreen() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Mon profil`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const changes = useQuery(divisionChangesQueryOptions());
  const avatar = useAvatarSrc(me.avatar);
  const [modal, setModal] = useState<"password" | "class" | null>(null);
  const emailGate = useEmailGate();
  const navigate = useNavigate();
  // SPEC §5: the add-parent-phone modal opens by its rule; "Plus tard" is remembered for this browser session.
  const [askParent, setAskParent] = useState(() => shouldAskParentPhone(me) && !me.isTest && sessionStorage.getItem(PARENT_LATER) === null);
  const canEdit = !me.isTest || me.adminId !== null;
  const fullName = [me.name, me.last_name].filter(Boolean).join(" ");
  const name = (r: { name: string; name_ar?: string; name_en?: string } | null) => (r ? refName(r, i18n.locale) : "");
  const pending = (changes.data ?? []).some((c) => c.status === "pending");

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          <Trans>Mon profil</Trans>
        </Title>
        <Group gap="xs">
          {canEdit && (
            <Button component={Link} to="/mon-profil/edit" leftSection={<IconEdit size={18} aria-hidden />} data-testid="edit-profile">
              {me.completed ? <Trans>Modifier mon profil</Trans> : <Trans>Compléter vos données</Trans>}
            </Button>
          )}
          <Button variant="default" leftSection={<IconKey size={18} aria-hidden />} disabled={!canEdit} onClick={() => setModal("password")}>
            <Trans>Changer le mot de passe</Trans>
          </Button>
        </Group>
      </Group>
      {me.isTest && (
        <Alert color="yellow" variant="light">
          <Trans>Ce compte de test ne peut pas être modifié.</Trans>
        </Alert>
      )}

      <Section id="personal-title" title={<Trans>Informations personnelles</Trans>}>
        <Group gap="lg" align="flex-start" wrap="wrap">
          <Avatar
            src={avatar}
            name={fullName}
            color="darsi.8"
            variant="filled"
            size={96}
            radius="50%"
            alt={avatar ? t`Photo de profil` : ""}
            data-testid="profile-avatar"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ flex: 1, minWidth: 220 }}>
            <Info label={<Trans>Nom</Trans>} testId="profile-last-name">
              <bdi>{me.last_name}</bdi>
            </Info>
            <Info label={<Trans>Prénom</Trans>} testId="profile-name">
              <bdi>{me.name}</bdi>
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
      </Section>

      <Section id="academic-title" title={<Trans>Informations scolaires</Trans>}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Info label={<Trans>Adresse e-mail</Trans>}>
            {me.email ? (
              <bdi>{me.email}</bdi>
            ) : canEdit ? (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconMail size={16} aria-hidden />}
                onClick={() => emailGate.require(() => undefined)}
                data-testid="add-email"
              >
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
            onClick={() => setModal("class")}
            disabled={pending && !me.permissions.hasEditDivision}
            data-testid="class-change"
          >
            {me.permissions.hasEditDivision ? <Trans>Changer de classe</Trans> : <Trans>Demander un changement de classe</Trans>}
          </Button>
        )}
        {(changes.data?.length ?? 0) > 0 && (
          <Stack gap={4} mt="md">
            <Text fw={600} size="sm" id="class-changes-title">
              <Trans>Demandes de changement de classe</Trans>
            </Text>
            {/* A keyboard can scroll it too (a focusable region) when it is wider than a phone. */}
            <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-labelledby="class-changes-title">
              <Table aria-labelledby="class-changes-title" data-testid="class-changes" verticalSpacing={6} miw={420}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Date</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Ancienne classe</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Nouvelle classe</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Motif</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Statut</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.data!.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{formatDate(c.created_at)}</Table.Td>
                      <Table.Td>{name(c.old_division)}</Table.Td>
                      <Table.Td>{name(c.new_division)}</Table.Td>
                      <Table.Td>
                        {name(c.reason)}
                        {c.reason2 ? (
                          <>
                            {" — "}
                            <bdi>{c.reason2}</bdi>
                          </>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[c.status]} variant="filled" autoContrast>
                          {i18n._(STATUS_LABEL[c.status])}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </Stack>
        )}
      </Section>

      <Section id="address-title" title={<Trans>Adresse</Trans>}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Info label={<Trans>Pays</Trans>}>{name(me.country)}</Info>
          <Info label={<Trans>Gouvernorat</Trans>}>{name(me.state)}</Info>
          <Info label={<Trans>Délégation</Trans>}>{name(me.delegation)}</Info>
          <Info label={<Trans>Établissement</Trans>}>{me.institute?.name ?? ""}</Info>
        </SimpleGrid>
      </Section>

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
