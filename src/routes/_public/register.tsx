import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { searchText } from "@/lib/search";
import { RegisterScreen } from "@/features/auth/screens/RegisterScreen";

export const Route = createFileRoute("/_public/register")({
  validateSearch: v.object({ nextPage: searchText, referral: searchText }),
  component: function Screen() {
    const search = Route.useSearch();
    return <RegisterScreen nextPage={search.nextPage} referral={search.referral} />;
  },
});
