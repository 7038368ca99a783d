import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoReportDto } from "@domain/learning";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { useDeleteVideoReport } from "../api/deleteVideoReport";

/** The delete-video-report dialog (SPEC §2 modals): confirm before a pending report is removed. */
export function DeleteReportModal({ report, onClose }: { report: VideoReportDto; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const remove = useDeleteVideoReport();
  const id = report.id;
  const confirm = async () => {
    try {
      await remove.mutateAsync(report.id);
      toast.success(t`Rapport supprimé`);
      onClose();
    } catch (err) {
      toast.error(describeError(i18n, err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t`Supprimer le rapport`} centered closeButtonProps={{ "aria-label": t`Fermer` }} data-testid="delete-report-modal">
      <Stack gap="md">
        <Text>
          <Trans>Voulez-vous vraiment supprimer le rapport n° {id} ? Cette action est définitive.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Annuler</Trans>
          </Button>
          <Button color="red.8" onClick={() => void confirm()} loading={remove.isPending} data-testid="delete-report-confirm">
            <Trans>Supprimer</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
