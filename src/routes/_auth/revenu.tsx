import { createFileRoute } from "@tanstack/react-router";
import { benefitPaymentsQueryOptions, profitCodesQueryOptions } from "@/features/revenue/api/getRevenue";
import { RevenueScreen, RevenueScreenPending } from "@/features/revenue/screens/RevenueScreen";
import { revenueSearchSchema } from "@/features/revenue/search";

export const Route = createFileRoute("/_auth/revenu")({
  validateSearch: revenueSearchSchema,
  // Prefetched, never thrown: a pupil who is not an influencer gets the page's own explanation, not an error page.
  loader: ({ context }) =>
    Promise.all([context.queryClient.prefetchQuery(profitCodesQueryOptions), context.queryClient.prefetchQuery(benefitPaymentsQueryOptions)]),
  pendingComponent: RevenueScreenPending,
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <RevenueScreen {...search} onChange={(next) => void navigate({ search: next })} />;
  },
});
