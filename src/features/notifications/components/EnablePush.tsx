import { useEffect, useRef, useState } from "react";
import { Alert, Button, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { IconBellRinging, IconDeviceMobileShare } from "@tabler/icons-react";
import { DEFAULT_LOCALE } from "@domain/constants";
import { isLocale } from "@/lib/i18n";
import { currentUserId } from "@/lib/offline/user";
import { pushEnabledFor, pushSupport } from "@/lib/push";
import classes from "./menus.module.css";

/**
 * Push on this device, turned on by the pupil's tap only: the code that asks the permission and Firebase load then
 * (`enablePush` of `@/lib/push`). On iPhone and iPad, Safari offers push only to the installed app: a hint to add Darsi to
 * the home screen first.
 */
export function EnablePush() {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<"idle" | "working" | "enabled" | "denied" | "failed">(() => (pushEnabledFor(currentUserId()) ? "enabled" : "idle"));
  const support = pushSupport();
  // The button that was pressed is gone once push is on: the focus moves to the status that replaced it.
  const status = useRef<HTMLParagraphElement>(null);
  const [focusStatus, setFocusStatus] = useState(false);
  useEffect(() => {
    if (focusStatus && state === "enabled") status.current?.focus();
  }, [focusStatus, state]);
  const turnOn = async () => {
    const userId = currentUserId();
    if (userId === null) return;
    setState("working");
    const { enablePush } = await import("@/lib/push");
    // Pushes are written in the interface's language (registered again when it changes: `registerPushLanguage` of @/lib/push).
    const result = await enablePush(userId, isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
    setState(result === "enabled" ? "enabled" : result === "denied" ? "denied" : "failed");
    setFocusStatus(result === "enabled");
  };
  return (
    <section className={classes.group} aria-labelledby="push-title" data-testid="enable-push">
      <Text fw={700} size="sm" id="push-title" mb={6}>
        {t`Notifications sur cet appareil`}
      </Text>
      {support === "ios-install" ? (
        <Alert color="blue" icon={<IconDeviceMobileShare size={18} aria-hidden />} p="xs">
          {t`Sur iPhone et iPad, ajoutez d'abord Darsi à l'écran d'accueil (Partager, puis « Sur l'écran d'accueil »), ouvrez-le depuis son icône, puis activez les notifications ici.`}
        </Alert>
      ) : support === "unsupported" ? (
        <Text size="sm" c="dimmed">{t`Ce navigateur ne permet pas les notifications.`}</Text>
      ) : state === "enabled" ? (
        <Text ref={status} size="sm" tabIndex={-1} role="status" data-testid="push-enabled">
          {t`Les notifications sont activées sur cet appareil.`}
        </Text>
      ) : (
        <>
          <Button leftSection={<IconBellRinging size={18} aria-hidden />} onClick={() => void turnOn()} loading={state === "working"} fullWidth className={classes.tab} data-testid="enable-push-button">
            {t`Activer les notifications`}
          </Button>
          {state === "denied" ? (
            <Text size="sm" c="red.8" mt={6} role="alert">{t`Les notifications sont bloquées : autorisez-les dans les réglages du navigateur.`}</Text>
          ) : state === "failed" ? (
            <Text size="sm" c="red.8" mt={6} role="alert">{t`L'activation a échoué, réessayez.`}</Text>
          ) : null}
        </>
      )}
    </section>
  );
}
