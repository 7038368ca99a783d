import { createFileRoute } from "@tanstack/react-router";
import { meQueryOptions } from "@/lib/me";
import { ProfileEditScreen } from "@/features/profile/screens/ProfileEditScreen";

export const Route = createFileRoute("/_auth/mon-profil_/edit")({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions),
  component: ProfileEditScreen,
});
