import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { PasswordExpiredScreen } from "@/features/auth/screens/PasswordExpiredScreen";

export const Route = createFileRoute("/_public/password-expired")({
  validateSearch: v.object({ credential: v.optional(v.string()) }),
  component: function Screen() {
    const search = Route.useSearch();
    return <PasswordExpiredScreen credential={search.credential} />;
  },
});
