import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { examCalendarQueryOptions } from "@/features/exams/api/getExamCalendar";
import { ExamsCalendarScreen } from "@/features/exams/screens/ExamsScreen";

export const Route = createFileRoute("/_auth/exams-calendar")({
  validateSearch: v.object({ offset: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(-52), v.maxValue(52)), 0), 0) }),
  loaderDeps: ({ search }) => ({ offset: search.offset }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(examCalendarQueryOptions(deps.offset)),
  component: function Screen() {
    const { offset } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <ExamsCalendarScreen offset={offset} onOffset={(o) => void navigate({ search: { offset: o }, replace: true })} />;
  },
});
