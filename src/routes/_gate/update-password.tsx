import { createFileRoute, redirect } from "@tanstack/react-router";
import { UpdatePasswordScreen } from "@/features/auth/screens/UpdatePasswordScreen";

export const Route = createFileRoute("/_gate/update-password")({
  beforeLoad: ({ context }) => {
    if (!context.me.verified) throw redirect({ to: "/confirm" });
    if (!context.me.permissions.changePassword) throw redirect({ to: "/" });
  },
  component: UpdatePasswordScreen,
});
