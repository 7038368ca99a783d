import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadHome } from "@/features/home/api/loadHome";
import { HomeScreen } from "@/features/home/screens/HomeScreen";

export const Route = createFileRoute("/_auth/")({
  // A parent's home is their own space (their children and the requests to answer), not a pupil's home.
  beforeLoad: ({ context }) => {
    if (context.me.user_type === "parent") throw redirect({ to: "/request-parent-user-children" });
  },
  loader: ({ context }) => loadHome(context.queryClient),
  component: HomeScreen,
});
