import { createFileRoute, redirect } from "@tanstack/react-router";
import { ConfirmScreen } from "@/features/auth/screens/ConfirmScreen";

export const Route = createFileRoute("/_gate/confirm")({
  beforeLoad: ({ context }) => {
    if (context.me.verified) throw redirect({ to: "/" });
  },
  component: ConfirmScreen,
});
