import { ActionIcon, Badge, Button, FileButton, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconEye, IconTrash, IconUpload } from "@tabler/icons-react";
import { MARKSHEET_MAX_BYTES, TRIMESTERS, type MarksheetDto } from "@domain/profile";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { useDeleteMarksheet } from "../api/deleteMarksheet";
import { marksheetsQueryOptions } from "../api/marksheets";
import { useUploadMarksheet } from "../api/uploadMarksheet";
import { STATUS_COLOR, STATUS_LABEL } from "../labels";
import { MarksheetViewModal } from "./MarksheetViewModal";
import { useDivisionOptions } from "./useDivisionOptions";

const ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";

/**
 * Report cards (SPEC §2): a class selector, then trimesters 1–3, each with its report cards (status pending — deletable —,
 * approved in green, rejected in red with the reason), a view button, and an upload while none is pending or approved.
 */
export function MarksheetsSection({ division, readOnly }: { division: number | null; readOnly: boolean }) {
  const { t, i18n } = useLingui();
  const [selected, setSelected] = useState<string | null>(division ? String(division) : null);
  const { options } = useDivisionOptions();
  const sheets = useQuery(marksheetsQueryOptions());
  const upload = useUploadMarksheet();
  const remove = useDeleteMarksheet();
  const [viewing, setViewing] = useState<MarksheetDto | null>(null);

  const send = async (trimester: number, file: File | null) => {
    if (!file || !selected) return;
    if (file.size > MARKSHEET_MAX_BYTES) {
      toast.error(t`Le fichier est trop volumineux (8 Mo au maximum)`);
      return;
    }
    try {
      await upload.mutateAsync({ file, trimester, division: Number(selected) });
      toast.success(t`Bulletin envoyé : il sera vérifié prochainement`);
    } catch (err) {
      toast.error(describeError(i18n, err));
    }
  };

  const del = async (sheet: MarksheetDto) => {
    try {
      await remove.mutateAsync(sheet.id);
      // SPEC §8: the server's message, as the product shows it.
      toast.success(t`MarkSheet deleted successfully`);
    } catch (err) {
      toast.error(describeError(i18n, err));
    }
  };

  const viewLabel = (name: string) => t`Voir le bulletin ${name}`;
  const deleteLabel = (name: string) => t`Supprimer le bulletin ${name}`;
  const list = (sheets.data ?? []).filter((s) => String(s.division.id) === selected);
  return (
    <Stack gap="sm" component="section" aria-labelledby="marksheets-title" data-testid="marksheets">
      <Title order={2} fz="h3" id="marksheets-title">
        <Trans>Bulletins de notes</Trans>
      </Title>
      <Select label={t`Classe`} data={options} value={selected} onChange={setSelected} searchable maw={360} />
      {TRIMESTERS.map((trimester) => {
        const rows = list.filter((s) => s.trimester === trimester);
        const canUpload = !readOnly && selected !== null && !rows.some((s) => s.status !== "rejected");
        return (
          <Paper key={trimester} withBorder p="sm" radius="md" data-testid={`trimester-${trimester}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>
                <Trans>Trimestre {trimester}</Trans>
              </Text>
              {canUpload && (
                <FileButton accept={ACCEPT} onChange={(file) => void send(trimester, file)}>
                  {(props) => (
                    <Button
                      {...props}
                      size="xs"
                      variant="light"
                      leftSection={<IconUpload size={16} aria-hidden />}
                      loading={upload.isPending && upload.variables?.trimester === trimester}
                    >
                      <Trans>Envoyer un bulletin</Trans>
                    </Button>
                  )}
                </FileButton>
              )}
            </Group>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed" mt={4}>
                <Trans>Aucun bulletin pour ce trimestre</Trans>
              </Text>
            ) : (
              <Stack gap={6} mt={6}>
                {rows.map((sheet) => (
                  <Group key={sheet.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="marksheet-row">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" truncate="end">
                        <bdi>{sheet.name}</bdi>
                      </Text>
                      {sheet.status === "rejected" && sheet.reject_reason && (
                        <Text size="xs" c="red.9">
                          <bdi>{sheet.reject_reason}</bdi>
                        </Text>
                      )}
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Badge color={STATUS_COLOR[sheet.status]} variant="filled" autoContrast data-status={sheet.status}>
                        {i18n._(STATUS_LABEL[sheet.status])}
                      </Badge>
                      <ActionIcon variant="subtle" size="lg" onClick={() => setViewing(sheet)} aria-label={viewLabel(sheet.name)}>
                        <IconEye size={18} aria-hidden />
                      </ActionIcon>
                      {sheet.status === "pending" && !readOnly && (
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          size="lg"
                          onClick={() => void del(sheet)}
                          loading={remove.isPending && remove.variables === sheet.id}
                          aria-label={deleteLabel(sheet.name)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
      <Text size="xs" c="dimmed">
        <Trans>PDF ou image (JPEG, PNG, WebP), 8 Mo au maximum.</Trans>
      </Text>
      <MarksheetViewModal sheet={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
