import { createFileRoute } from "@tanstack/react-router";
import { bookmarksQueryOptions } from "@/lib/bookmarks";
import { BookmarksScreen, BookmarksScreenPending } from "@/features/bookmarks/screens/BookmarksScreen";
import { bookmarksSearchSchema } from "@/features/bookmarks/search";

export const Route = createFileRoute("/_auth/liste-de-favoris")({
  validateSearch: bookmarksSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page, perPage: search.perPage }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(bookmarksQueryOptions(deps.page, deps.perPage)),
  pendingComponent: BookmarksScreenPending,
  // The placeholder ships with the screen's chunk, not in the entry.
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <BookmarksScreen {...search} onChange={(next) => void navigate({ search: next })} />;
  },
});
