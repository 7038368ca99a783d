import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { examsQueryOptions } from "@/features/exams/api/getExams";
import { ExamsScreen } from "@/features/exams/screens/ExamsScreen";

export const Route = createFileRoute("/_auth/exams/")({
  validateSearch: v.object({
    tab: v.fallback(v.optional(v.picklist(["list", "calendar"]), "list"), "list"),
    offset: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(-52), v.maxValue(52)), 0), 0),
  }),
  // A pupil without the exam permission gets the screen's explanation, not the error page.
  loader: ({ context }) => context.queryClient.ensureQueryData(examsQueryOptions()).catch(() => undefined),
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ExamsScreen tab={search.tab} offset={search.offset} onChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});
