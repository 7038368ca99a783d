import { Button, Group, Text } from "@mantine/core";
import { toast } from "@/lib/toast";
import { Trans } from "@lingui/react/macro";
import { whenIdle } from "@/lib/offline/persister";

/**
 * Registers the service worker (precache of the shell, runtime images). When a new version waits,
 * a persistent toast offers to update; accepting activates it and reloads.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  // After the page has loaded and gone quiet: installing the worker downloads the whole precache (about 1 MB), which
  // must not compete with the first screen on a slow connection.
  const start = () => whenIdle(register);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

function register(): void {
  void import("virtual:pwa-register").then(({ registerSW }) => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh() {
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
              <Button size="xs" onClick={() => void update(true)} data-testid="sw-update">
                <Trans>Mettre à jour</Trans>
              </Button>
            </Group>
          ),
        });
      },
    });
  });
}
