import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { MILLIMES_PER_TND } from "@domain/money";
import { formatMillimes, formatNumber } from "../format";

/**
 * The word after a points balance given in millimes. French: "point" / "points"; every language has its own plural
 * forms through the catalog (Arabic: 1 نقطة, 2 نقطتان, 3–10 نقاط, 11 and more نقطة). A balance with a fraction of a
 * point takes the general plural (counted as 100).
 */
export function usePointsWord(millimes: number): string {
  const { t } = useLingui();
  const points = millimes % MILLIMES_PER_TND === 0 ? Math.abs(millimes) / MILLIMES_PER_TND : 100;
  return t({ message: plural(points, { one: "point", other: "points" }) });
}

/** An amount of millimes shown as points or dinars in the pupil's language ("120", "3,45"). */
export function useFormatMillimes(): (millimes: number) => string {
  const { i18n } = useLingui();
  return (millimes) => formatMillimes(millimes, i18n.locale);
}

/** The word after a tokens balance (0, 1, 2, more than 10 differ in Arabic). French: "jeton" / "jetons". */
export function useTokensWord(tokens: number): string {
  const { t } = useLingui();
  return t({ message: plural(tokens, { one: "jeton", other: "jetons" }) });
}

/** A number in the pupil's language. */
export function useFormatNumber(): (value: number) => string {
  const { i18n } = useLingui();
  return (value) => formatNumber(value, i18n.locale);
}
