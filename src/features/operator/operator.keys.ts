import type { OperatorLevel } from "@domain/operator";

/** Query keys of the operator feature (one factory: ["operator", …]). */
export const operatorKeys = {
  all: ["operator"] as const,
  offers: () => [...operatorKeys.all, "offers"] as const,
  divisions: (level: OperatorLevel) => [...operatorKeys.all, "divisions", level] as const,
};
