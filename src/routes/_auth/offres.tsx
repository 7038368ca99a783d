import { createFileRoute } from "@tanstack/react-router";
import { appliedCodeQueryOptions } from "@/features/offers/api/discountCode";
import { offersQueryOptions } from "@/features/offers/api/getOffers";
import { OffersScreen, OffersScreenPending } from "@/features/offers/screens/OffersScreen";
import { offersSearchSchema } from "@/features/offers/search";

export const Route = createFileRoute("/_auth/offres")({
  validateSearch: offersSearchSchema,
  loader: ({ context }) =>
    // The code added before paying is never kept on the device: offline, the offers show without it (read-only).
    Promise.all([context.queryClient.ensureQueryData(offersQueryOptions), context.queryClient.ensureQueryData(appliedCodeQueryOptions).catch(() => null)]),
  pendingComponent: OffersScreenPending,
  // The placeholder ships with the screen's chunk, not in the entry (nor in the shell).
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    const { redirect, payment, chapter, event } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <OffersScreen
        purchaseFor={chapter !== undefined && event !== undefined ? { chapter, event } : undefined}
        paymentSuccess={payment === "success"}
        onPaymentResultClose={() => void navigate({ search: (s) => ({ ...s, payment: undefined }), replace: true })}
        onBought={(purchase) => {
          // A chapter of a live event: join it; else back where the pupil came from (a lesson plays now), or the subjects.
          if (purchase.event_id !== null) void navigate({ to: "/sessions", search: { offset: 0, eventId: purchase.event_id } });
          // `redirect` is a path of this app read from the address (checked by the search schema), hence an href.
          else if (redirect) void navigate({ href: redirect });
          else void navigate({ to: "/subjects" });
        }}
        onNeedPoints={(missing) => void navigate({ to: "/porte-monnaie", search: { missing } })}
      />
    );
  },
});
