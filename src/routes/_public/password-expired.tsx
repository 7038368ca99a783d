import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { searchText } from "@/lib/search";
import { PasswordExpiredScreen } from "@/features/auth/screens/PasswordExpiredScreen";

export const Route = createFileRoute("/_public/password-expired")({
  validateSearch: v.object({ credential: searchText }),
  component: function Screen() {
    const search = Route.useSearch();
    return <PasswordExpiredScreen credential={search.credential} />;
  },
});
