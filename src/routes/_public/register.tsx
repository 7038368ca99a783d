import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { RegisterScreen } from "@/features/auth/screens/RegisterScreen";

export const Route = createFileRoute("/_public/register")({
  validateSearch: v.object({ nextPage: v.optional(v.string()), referral: v.optional(v.string()) }),
  component: function Screen() {
    const search = Route.useSearch();
    return <RegisterScreen nextPage={search.nextPage} referral={search.referral} />;
  },
});
