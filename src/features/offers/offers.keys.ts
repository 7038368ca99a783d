/** Query keys of the offers feature (one factory: ["offers", …]). */
export const offersKeys = {
  all: ["offers"] as const,
  list: () => [...offersKeys.all, "list"] as const,
  appliedCode: () => [...offersKeys.all, "discount-code"] as const,
};
