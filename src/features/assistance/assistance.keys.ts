/** Query keys of the assistance feature (one factory: ["assistance", …]). */
export const assistanceKeys = {
  all: ["assistance"] as const,
  videos: () => [...assistanceKeys.all, "videos"] as const,
};
