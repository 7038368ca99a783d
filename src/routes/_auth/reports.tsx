import { createFileRoute } from "@tanstack/react-router";
import { videoReportsQueryOptions } from "@/features/reports/api/getVideoReports";
import { ReportsScreen, ReportsScreenPending } from "@/features/reports/screens/ReportsScreen";
import { reportsSearchSchema } from "@/features/reports/search";

export const Route = createFileRoute("/_auth/reports")({
  validateSearch: reportsSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page, perPage: search.perPage }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(videoReportsQueryOptions(deps.page, deps.perPage)),
  pendingComponent: ReportsScreenPending,
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ReportsScreen {...search} onChange={(next) => void navigate({ search: next })} />;
  },
});
