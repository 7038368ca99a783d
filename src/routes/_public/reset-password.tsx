import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { searchText } from "@/lib/search";
import { ResetPasswordScreen } from "@/features/auth/screens/ResetPasswordScreen";

export const Route = createFileRoute("/_public/reset-password")({
  validateSearch: v.object({ credential: searchText }),
  component: function Screen() {
    const search = Route.useSearch();
    return <ResetPasswordScreen credential={search.credential} />;
  },
});
