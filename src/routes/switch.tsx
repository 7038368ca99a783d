import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { SwitchScreen } from "@/features/auth/screens/SwitchScreen";

/** Open route: an operator's impersonation link. */
export const Route = createFileRoute("/switch")({
  validateSearch: v.object({ token: v.optional(v.string()), adminId: v.optional(v.string()), userId: v.optional(v.string()) }),
  component: function Screen() {
    const search = Route.useSearch();
    return <SwitchScreen link={search} />;
  },
});
