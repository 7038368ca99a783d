import { createFileRoute, notFound } from "@tanstack/react-router";
import { ApiRequestError } from "@/lib/api";
import { messageQueryOptions } from "@/features/notifications/api/getMessage";
import { MessageScreen } from "@/features/notifications/screens/MessageScreen";

const idOf = (raw: string) => (/^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null);

/** `/inbox/{id}`: a message of the pupil (SPEC §2); another pupil's or a missing one is the not-found page. */
export const Route = createFileRoute("/_auth/inbox/$id")({
  loader: async ({ context, params }) => {
    const id = idOf(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(messageQueryOptions(id));
    } catch (err) {
      if (err instanceof ApiRequestError && (err.status === 404 || err.status === 422)) throw notFound();
      throw err;
    }
  },
  component: function Screen() {
    const { id } = Route.useParams();
    return <MessageScreen key={id} id={idOf(id) ?? 0} />;
  },
});
