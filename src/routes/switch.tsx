import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { searchText } from "@/lib/search";
import { SwitchScreen } from "@/features/auth/screens/SwitchScreen";

/** Open route: an operator's impersonation link. */
export const Route = createFileRoute("/switch")({
  validateSearch: v.object({ token: searchText, adminId: searchText, userId: searchText }),
  component: function Screen() {
    const search = Route.useSearch();
    return <SwitchScreen link={search} />;
  },
});
