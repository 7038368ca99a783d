import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatNumber } from "../format";

/**
 * The word after a points balance. French: "point" / "points"; every language has its own plural forms
 * through the catalog (Arabic: 1 نقطة, 2 نقطتان, 3–10 نقاط, 11 and more نقطة).
 */
export function usePointsWord(points: number): string {
  const { t } = useLingui();
  return t({ message: plural(points, { one: "point", other: "points" }) });
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
