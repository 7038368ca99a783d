import { useDirection } from "@mantine/core";
import type { Locale } from "@domain/constants";
import { activateLocale, directionOf } from "./index";

/**
 * Switches the language in place: catalog, `<html lang dir>` and Mantine's direction. With push on, the device's token
 * is registered again in the new language (pushes are written in it; best effort: the shell checks again at the next
 * start).
 */
export function useSwitchLocale() {
  const { setDirection } = useDirection();
  return async (locale: Locale) => {
    await activateLocale(locale);
    setDirection(directionOf(locale));
    void import("../push").then((push) => push.registerPushLanguage(locale)).catch(() => undefined);
  };
}
