import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Overlay.css";
import { useState } from "react";
import { Alert, Anchor, Button, Modal, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconExternalLink } from "@tabler/icons-react";
import { describeError } from "@/lib/i18n/errors";
import { useUnlockLink } from "../api/unlockLink";

/** The attribute of the one link a teacher's code opened: the kiosk lets it through (TabletMode's link guard). */
const UNLOCKED_LINK = "data-kiosk-unlocked";

/**
 * Kiosk (issue 23, item 5): on a class tablet, a link that leaves the app (forum, terms of use, a video on YouTube)
 * waits for a teacher's fresh code of the class (`npm run admin -- tablet-code`, used up). Once accepted, the link is
 * offered to tap — a tap of its own, so that the browser opens the new tab.
 */
export function TeacherCodeDialog({ href, onClose }: { href: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const unlock = useUnlockLink();
  const [code, setCode] = useState("");
  const host = hostOf(href);
  return (
    <Modal opened onClose={onClose} title={t`Lien externe`} centered closeButtonProps={{ "aria-label": t`Fermer` }}>
      {unlock.isSuccess ? (
        <Stack>
          <Text size="sm">
            <Trans>Code accepté. Ce lien s'ouvre dans un nouvel onglet :</Trans>
          </Text>
          <Anchor href={href} target="_blank" rel="noopener noreferrer" {...{ [UNLOCKED_LINK]: "" }} onClick={onClose} dir="ltr" fw={600}>
            <IconExternalLink size={16} aria-hidden /> {host}
            <VisuallyHidden>
              <Trans>(nouvel onglet)</Trans>
            </VisuallyHidden>
          </Anchor>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) unlock.mutate(code.trim());
          }}
        >
          <Stack>
            <Text size="sm">
              <Trans>Sur une tablette de classe, un lien vers un autre site ne s'ouvre qu'avec un code de l'enseignant ou de l'enseignante de la classe.</Trans>
            </Text>
            <Text size="sm" c="dimmed" dir="ltr" ta="start">
              {host}
            </Text>
            {unlock.isError && (
              <Alert color="red" role="alert">
                {describeError(i18n, unlock.error)}
              </Alert>
            )}
            <TextInput label={t`Code de l'enseignant`} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="off" dir="ltr" maxLength={12} required data-autofocus />
            <Button type="submit" loading={unlock.isPending}>
              <Trans>Valider</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function hostOf(href: string): string {
  try {
    const u = new URL(href);
    return u.protocol === "http:" || u.protocol === "https:" ? u.host : u.href;
  } catch {
    return href;
  }
}
