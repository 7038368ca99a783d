import { createFileRoute } from "@tanstack/react-router";
import { helpVideosQueryOptions } from "@/features/assistance/api/getHelpVideos";
import { AssistanceScreen, AssistanceScreenPending } from "@/features/assistance/screens/AssistanceScreen";

export const Route = createFileRoute("/_auth/assistance")({
  loader: ({ context }) => context.queryClient.ensureQueryData(helpVideosQueryOptions),
  pendingComponent: AssistanceScreenPending,
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: AssistanceScreen,
});
