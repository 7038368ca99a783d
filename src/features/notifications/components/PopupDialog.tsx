import { useState } from "react";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { PopupDto } from "@domain/notifications";
import { useLocalized } from "@/lib/localized";
import { useHidePopup } from "../api/hidePopup";

/**
 * The pop-up dialog of the shell (SPEC §2): the notification service's pop-ups one after the other, each with "Close"
 * (shown again next visit) and "Do not show again" (`popup/hide`). Loaded only when there is one to show.
 */
export function PopupDialog({ popups, userId }: { popups: PopupDto[]; userId: number }) {
  const { t } = useLingui();
  const l = useLocalized();
  const [index, setIndex] = useState(0);
  const hide = useHidePopup();
  const popup = popups[index];
  const next = () => setIndex((i) => i + 1);
  return (
    <Modal opened={Boolean(popup)} onClose={next} title={popup ? l(popup) : undefined} centered closeButtonProps={{ "aria-label": t`Fermer` }} data-testid="popup-dialog">
      {popup ? (
        <>
          <Text style={{ whiteSpace: "pre-line" }} dir="auto">{l(popup, "body")}</Text>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button
              variant="default"
              mih={44}
              loading={hide.isPending}
              onClick={() => hide.mutate({ popupId: popup._id, userId }, { onSettled: next })}
              data-testid="popup-hide"
            >
              {t`Ne plus afficher`}
            </Button>
            <Button mih={44} onClick={next} data-testid="popup-close">
              {t`Fermer`}
            </Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
