import { createFileRoute } from "@tanstack/react-router";
import { LiveRoomScreen } from "@/features/sessions/screens/LiveRoomScreen";

/** The local live room (the live adapter's page when no provider is configured). */
export const Route = createFileRoute("/_auth/live/$eventId")({
  component: function Screen() {
    const { eventId } = Route.useParams();
    const navigate = Route.useNavigate();
    const id = Number(eventId);
    return <LiveRoomScreen key={id} eventId={Number.isInteger(id) && id > 0 ? id : 0} onLeave={() => void navigate({ to: "/sessions", search: { offset: 0, eventId: undefined } })} />;
  },
});
