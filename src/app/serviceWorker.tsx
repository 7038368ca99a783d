import { Button, Group, Text } from "@mantine/core";
import { toast } from "@/lib/toast";
import { Trans } from "@lingui/react/macro";
import { whenIdle } from "@/lib/offline/send";

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

/** Offers the waiting version of the worker; accepting it activates it, and the page reloads under it. */
function offerUpdate(waiting: ServiceWorker): void {
  let accepted = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) window.location.reload();
  });
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
        <Button
          size="xs"
          onClick={() => {
            accepted = true;
            waiting.postMessage({ type: "SKIP_WAITING" });
          }}
          data-testid="sw-update"
        >
          <Trans>Mettre à jour</Trans>
        </Button>
      </Group>
    ),
  });
}

/**
 * With the browser's own API (no helper library on the first load): a worker that installs while another controls the
 * page is a new version, and waits (registerType "prompt", `service-worker/sw.ts`) until the pupil accepts it.
 */
function register(): void {
  void navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then((registration) => {
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed" && navigator.serviceWorker.controller) offerUpdate(installing);
        });
      });
    })
    .catch((error: unknown) => console.warn("service worker registration failed", error));
}
