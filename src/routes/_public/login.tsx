import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { LoginScreen } from "@/features/auth/screens/LoginScreen";

export const Route = createFileRoute("/_public/login")({
  validateSearch: v.object({ nextPage: v.optional(v.string()), referral: v.optional(v.string()) }),
  component: function Screen() {
    const search = Route.useSearch();
    return <LoginScreen nextPage={search.nextPage} />;
  },
});
