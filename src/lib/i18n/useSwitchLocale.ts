import { useDirection } from "@mantine/core";
import type { Locale } from "@domain/constants";
import { activateLocale, directionOf } from "./index";

/** Switches the language in place: catalog, `<html lang dir>` and Mantine's direction. */
export function useSwitchLocale() {
  const { setDirection } = useDirection();
  return async (locale: Locale) => {
    await activateLocale(locale);
    setDirection(directionOf(locale));
  };
}
