import { createFileRoute } from "@tanstack/react-router";
import { subjectsQueryOptions } from "@/features/subjects/api/getSubjects";
import { SubjectsScreen, SubjectsScreenPending } from "@/features/subjects/screens/SubjectsScreen";

/** Same screen as /subjects (SPEC §2). */
export const Route = createFileRoute("/_auth/courses")({
  loader: ({ context }) => context.queryClient.ensureQueryData(subjectsQueryOptions()),
  pendingComponent: SubjectsScreenPending,
  // The skeletons ship with the screen's chunk, not in the entry (the default leaves pendingComponent there).
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: SubjectsScreen,
});
