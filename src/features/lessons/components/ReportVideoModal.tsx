import { Button, Group, Modal, Select, Stack, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { VideoReportSchema } from "@domain/schemas/learning";
import { useSchemaForm } from "@/lib/forms";
import { describeError } from "@/lib/i18n/errors";
import { useLocalized } from "@/lib/localized";
import { toast } from "@/lib/toast";
import { useCreateVideoReport } from "../api/createVideoReport";
import { reportReasonsQueryOptions } from "../api/getReportReasons";

interface Values extends Record<string, unknown> {
  content: number;
  reportReason: string | null;
  description: string;
}

/** The video-report dialog (SPEC §2 modals): a reason and a description, both required. */
export function ReportVideoModal({ contentId, opened, onClose }: { contentId: number; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const reasons = useQuery({ ...reportReasonsQueryOptions, enabled: opened });
  const report = useCreateVideoReport();
  const { form, field, isValid, applyServerErrors } = useSchemaForm<Values>(VideoReportSchema, {
    initialValues: { content: contentId, reportReason: null, description: "" },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await report.mutateAsync(values);
      toast.success(t`Merci : votre signalement a été envoyé.`);
      onClose();
    } catch (err) {
      applyServerErrors(err);
      toast.error(describeError(i18n, err));
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t`Signaler un problème`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t`Raison`}
            data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: l(r) }))}
            required
            {...field("reportReason")}
          />
          <Textarea label={t`Description`} rows={4} maxLength={1000} required {...field("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={report.isPending} disabled={report.isPending || !isValid()}>
              <Trans>Envoyer</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
