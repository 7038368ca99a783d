import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { searchText } from "@/lib/search";
import { LoginScreen } from "@/features/auth/screens/LoginScreen";

export const Route = createFileRoute("/_public/login")({
  validateSearch: v.object({ nextPage: searchText, referral: searchText }),
  component: function Screen() {
    const search = Route.useSearch();
    return <LoginScreen nextPage={search.nextPage} />;
  },
});
