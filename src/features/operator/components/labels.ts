import { useLingui } from "@lingui/react/macro";
import type { OperatorLevel, Recurrence } from "@domain/operator";

/** The name of a level, in the pupil's language. */
export function useLevelLabel(): (level: OperatorLevel) => string {
  const { t } = useLingui();
  return (level) => {
    switch (level) {
      case "primary":
        return t`Primaire`;
      case "basic":
        return t`Collège (enseignement de base)`;
      case "secondary":
        return t`Secondaire`;
      case "baccalaureate":
        return t`Baccalauréat`;
    }
  };
}

/** "2,3 DT / jour", "17,25 DT / semaine". */
export function usePerPeriod(): (amount: string, recurrence: Recurrence) => string {
  const { t } = useLingui();
  return (amount, recurrence) => (recurrence === 1 ? t`${amount} DT / jour` : t`${amount} DT / semaine`);
}
