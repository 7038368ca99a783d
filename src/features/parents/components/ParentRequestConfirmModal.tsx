import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { select } from "@lingui/core/macro";
import { Select, Trans, useLingui } from "@lingui/react/macro";
import type { ParentRequestDto } from "@domain/account";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { useAnswerParentRequest } from "../api/answerParentRequest";
import { useNameOf } from "@/lib/displayName";

/**
 * The parent-request-confirm dialog (SPEC §2 modals): the parent confirms approving or refusing a child's request.
 * The answer is final (SPEC §4), which the dialog says.
 */
export function ParentRequestConfirmModal({
  request,
  approve,
  onClose,
}: {
  request: ParentRequestDto;
  approve: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const answer = useAnswerParentRequest();
  const child = useNameOf()(request.child_user.name, request.child_user.last_name);
  // Sentences about the child agree with their gender when the profile gives it (Arabic: حسابه / حسابها).
  const gender = request.child_user.gender ?? "other";
  const confirm = async () => {
    try {
      await answer.mutateAsync({ id: request.id, approved: approve });
      toast.success(
        approve
          ? t({
              message: select(gender, {
                male: `Demande approuvée : ${child} est lié à votre compte.`,
                female: `Demande approuvée : ${child} est liée à votre compte.`,
                other: `Demande approuvée : ${child} est lié(e) à votre compte.`,
              }),
            })
          : t`Demande refusée.`,
      );
      onClose();
    } catch (err) {
      toast.error(describeError(i18n, err));
      onClose();
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={approve ? t`Approuver la demande` : t`Refuser la demande`}
      centered closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="parent-request-confirm"
    >
      <Stack gap="md">
        <Text>
          {approve ? (
            <>
              <Trans>
                Confirmez-vous être le parent de <bdi>{child}</bdi> ?
              </Trans>{" "}
              <Select
                value={gender}
                _male="Vous pourrez suivre son compte."
                _female="Vous pourrez suivre son compte."
                other="Vous pourrez suivre son compte."
              />
            </>
          ) : (
            <Trans>
              Refuser la demande de <bdi>{child}</bdi> ?
            </Trans>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Cette réponse est définitive.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Annuler</Trans>
          </Button>
          <Button color={approve ? "teal.9" : "red.8"} onClick={() => void confirm()} loading={answer.isPending} data-testid="parent-request-confirm-button">
            {approve ? <Trans>Approuver</Trans> : <Trans>Refuser</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
