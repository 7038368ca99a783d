import { useCallback } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { useEmailGate } from "@/features/profile";
import { eventsWeekQueryOptions } from "@/features/sessions/api/getEvents";
import { SessionsScreen, SessionsScreenPending } from "@/features/sessions/screens/SessionsScreen";
import { sessionsSearchSchema } from "@/features/sessions/search";

export const Route = createFileRoute("/_auth/sessions")({
  validateSearch: sessionsSearchSchema,
  loaderDeps: ({ search }) => ({ offset: search.offset }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(eventsWeekQueryOptions(deps.offset)),
  pendingComponent: SessionsScreenPending,
  // The placeholder ships with the screen's chunk, not in the entry.
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    const { offset, eventId } = Route.useSearch();
    const navigate = Route.useNavigate();
    // Joining needs an e-mail: the profile's add-email and verify-email modals (SPEC §5).
    const gate = useEmailGate();
    const onOffsetChange = useCallback((next: number, id?: number) => void navigate({ search: { offset: next, eventId: id } }), [navigate]);
    return (
      <SessionsScreen
        offset={offset}
        eventId={eventId}
        onOffsetChange={onOffsetChange}
        requireEmail={gate.require}
        extra={gate.modals}
        onBuy={(event) =>
          void navigate({
            to: "/offres",
            search: { chapter: event.event.chapterId, event: event.id, redirect: `/sessions?eventId=${event.id}` },
          })
        }
        onOpenRoom={(id) => void navigate({ to: "/live/$eventId", params: { eventId: String(id) } })}
      />
    );
  },
});
