/** Query keys of the profile feature (one factory: ["profile", …]). */
export const profileKeys = {
  all: ["profile"] as const,
  marksheets: () => [...profileKeys.all, "marksheets"] as const,
  divisionChanges: () => [...profileKeys.all, "division-changes"] as const,
  avatar: (path: string) => [...profileKeys.all, "avatar", path] as const,
};
