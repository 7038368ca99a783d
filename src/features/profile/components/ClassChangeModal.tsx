import { Button, Group, Modal, Select, Stack, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { ClassChangeSchema, OTHER_REASON_ID, REASON_TEXT_MAX } from "@domain/profile";
import { describeError } from "@/lib/i18n/errors";
import { useSchemaForm } from "@/lib/forms";
import { referenceQueries, refName } from "@/lib/reference";
import { toast } from "@/lib/toast";
import { useRequestDivisionChange } from "../api/requestDivisionChange";
import { useDivisionOptions } from "./useDivisionOptions";

/**
 * The class-change request (SPEC §5: reason and new class required; reason 4 "Autre" needs its text). With
 * `hasEditDivision` the class changes at once.
 */
export function ClassChangeModal({
  opened,
  onClose,
  currentDivision,
  direct,
}: {
  opened: boolean;
  onClose: () => void;
  currentDivision: number | null;
  direct: boolean;
}) {
  const { t, i18n } = useLingui();
  const reasons = useQuery({
    ...referenceQueries.editDivisionReasons(),
    enabled: opened,
  });
  const { options } = useDivisionOptions();
  const request = useRequestDivisionChange();
  const { form, field, values, applyServerErrors } = useSchemaForm(ClassChangeSchema, { initialValues: { newDivision: "", reason: "", reason2: "" } });
  const classes = options.map((g) => ({
    ...g,
    items: g.items.filter((o) => o.value !== String(currentDivision)),
  }));
  const other = Number(values.reason) === OTHER_REASON_ID;

  const submit = form.onSubmit(async (v) => {
    try {
      const result = await request.mutateAsync({
        newDivision: Number(v.newDivision),
        reason: Number(v.reason),
        reason2: v.reason2 ?? "",
      });
      toast.success(result.applied ? t`Votre classe a été modifiée` : t`Votre demande de changement de classe a été envoyée`);
      onClose();
    } catch (err) {
      if (!applyServerErrors(err)) toast.error(describeError(i18n, err));
    }
  });

  const division = field("newDivision");
  const reason = field("reason");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={direct ? t`Changer de classe` : t`Demander un changement de classe`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="class-change-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t`Nouvelle classe`}
            data={classes}
            searchable
            required
            {...division}
            value={division.value ? String(division.value) : null}
            onChange={(v) => division.onChange(v ?? "")}
          />
          <Select
            label={t`Motif`}
            data={(reasons.data ?? []).map((r) => ({
              value: String(r.id),
              label: refName(r, i18n.locale),
            }))}
            required
            {...reason}
            value={reason.value ? String(reason.value) : null}
            onChange={(v) => reason.onChange(v ?? "")}
          />
          {other && <Textarea label={t`Précisez le motif`} required autosize minRows={2} maxLength={REASON_TEXT_MAX} {...field("reason2")} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={request.isPending}>
              {direct ? <Trans>Changer</Trans> : <Trans>Envoyer la demande</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
