import { Badge, Box, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { DivisionChangeDto } from "@domain/profile";
import { formatDate } from "@/lib/format";
import { STATUS_COLOR, STATUS_LABEL } from "../labels";
import { useRefName } from "./ProfileInfo";

/** The pupil's class-change requests: when, from which class to which, why, and where each stands. */
export function ClassChangesTable({ changes }: { changes: DivisionChangeDto[] }) {
  const { i18n } = useLingui();
  const name = useRefName();
  return (
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
            {changes.map((c) => (
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
  );
}
