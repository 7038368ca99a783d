import { createFileRoute } from "@tanstack/react-router";
import { meQueryOptions } from "@/lib/me";
import { ProfileScreen } from "@/features/profile/screens/ProfileScreen";

export const Route = createFileRoute("/_auth/mon-profil")({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions),
  component: ProfileScreen,
});
