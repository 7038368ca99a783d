import { lazy, Suspense } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { loadHome } from "@/features/home/api/loadHome";
import { HomeScreen } from "@/features/home/screens/HomeScreen";
import { HomeGifts } from "@/features/referral/components/HomeGifts";

// After an attended live session, its rating dialog (SPEC §2 modals) greets the pupil on the home too, not only on
// /sessions; the check and the dialog load after the home, outside its first load.
const RatingPrompt = lazy(() => import("@/features/sessions/components/RatingPrompt").then((m) => ({ default: m.RatingPrompt })));

export const Route = createFileRoute("/_auth/")({
  loader: ({ context }) => loadHome(context.queryClient),
  component: function Home() {
    const { me } = Route.useRouteContext();
    // The gift slider (eligible pupils only) loads when its place nears the screen (below the widgets on a phone).
    const gifts = me.permissions.eligibleUserForGift ? <HomeGifts /> : null;
    return (
      <>
        <HomeScreen gifts={gifts} />
        <Suspense fallback={null}>
          <RatingPrompt />
        </Suspense>
      </>
    );
  },
});
