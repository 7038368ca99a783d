import { lazy, Suspense } from "react";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadHome } from "@/features/home/api/loadHome";
import { HomeScreen } from "@/features/home/screens/HomeScreen";

// After an attended live session, its rating dialog (SPEC §2 modals) greets the pupil on the home too, not only on
// /sessions; the check and the dialog load after the home, outside its first load.
const RatingPrompt = lazy(() => import("@/features/sessions/components/RatingPrompt").then((m) => ({ default: m.RatingPrompt })));

export const Route = createFileRoute("/_auth/")({
  // A parent's home is their own space (their children and the requests to answer), not a pupil's home.
  beforeLoad: ({ context }) => {
    if (context.me.user_type === "parent") throw redirect({ to: "/request-parent-user-children" });
  },
  loader: ({ context }) => loadHome(context.queryClient),
  component: function Home() {
    return (
      <>
        <HomeScreen />
        <Suspense fallback={null}>
          <RatingPrompt />
        </Suspense>
      </>
    );
  },
});
