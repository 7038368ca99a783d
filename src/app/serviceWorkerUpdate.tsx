import { Button, Group, Text } from "@mantine/core";
import { toast } from "@/lib/toast";
import { Trans } from "@lingui/react/macro";

/** The service worker's registration and its "Nouvelle version disponible" prompt (see ./serviceWorker). */
export async function register(): Promise<void> {
  try {
    const { Workbox } = await import("workbox-window");
    const wb = new Workbox("/sw.js", { scope: "/" });
    let accepted = false;
    // A worker that installed while another controls the page is a new version, and waits (registerType "prompt",
    // `service-worker/sw.ts`) until the pupil accepts it — also one found waiting at this registration, or installed
    // by another tab. The very first install has no controller to replace: nothing to offer.
    wb.addEventListener("waiting", () => {
      if (!navigator.serviceWorker.controller) return;
      offerUpdate(() => {
        accepted = true;
        wb.messageSkipWaiting();
      });
    });
    // The accepted worker now controls this page: reload under it, once.
    wb.addEventListener("controlling", () => {
      if (!accepted) return;
      accepted = false;
      window.location.reload();
    });
    await wb.register();
  } catch (error: unknown) {
    console.warn("service worker registration failed", error);
  }
}

/** The persistent toast offering the waiting version; `accept` activates it. */
function offerUpdate(accept: () => void): void {
  toast.show({
    id: "sw-update",
    autoClose: false,
    withCloseButton: true,
    title: <Trans>Nouvelle version disponible</Trans>,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          <Trans>Mettez à jour pour profiter des dernières améliorations.</Trans>
        </Text>
        <Button size="xs" onClick={accept} data-testid="sw-update">
          <Trans>Mettre à jour</Trans>
        </Button>
      </Group>
    ),
  });
}
