import { Button, Group, Modal, Select, Stack, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { VideoReportUpdateSchema } from "@domain/account";
import type { VideoReportDto } from "@domain/learning";
import { useSchemaForm } from "@/lib/forms";
import { describeError } from "@/lib/i18n/errors";
import { useLocalized } from "@/lib/localized";
import { toast } from "@/lib/toast";
import { reportReasonsQueryOptions } from "../api/getReportReasons";
import { useUpdateVideoReport } from "../api/updateVideoReport";

interface Values extends Record<string, unknown> {
  reportReason: string | null;
  description: string;
}

/** Edits a pending report: its reason and description, both required (SPEC §5 "Video report"). */
export function EditReportModal({ report, onClose }: { report: VideoReportDto; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const reasons = useQuery(reportReasonsQueryOptions);
  const update = useUpdateVideoReport();
  const id = report.id;
  const { form, field, isValid, applyServerErrors } = useSchemaForm<Values>(VideoReportUpdateSchema, {
    initialValues: { reportReason: String(report.report_reason.id), description: report.description },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: report.id, reportReason: values.reportReason ?? "", description: values.description });
      toast.success(t`Rapport modifié`);
      onClose();
    } catch (err) {
      applyServerErrors(err);
      toast.error(describeError(i18n, err));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t`Modifier le rapport n° ${id}`} centered closeButtonProps={{ "aria-label": t`Fermer` }} data-testid="edit-report-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t`Raison`}
            data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: l(r) }))}
            required
            data-testid="edit-report-reason"
            {...field("reportReason")}
          />
          <Textarea label={t`Description`} rows={4} maxLength={1000} required data-testid="edit-report-description" {...field("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={update.isPending} disabled={update.isPending || !isValid()} data-testid="edit-report-save">
              <Trans>Enregistrer</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
