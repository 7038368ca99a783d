import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ResetPasswordScreen } from "@/features/auth/screens/ResetPasswordScreen";

export const Route = createFileRoute("/_public/reset-password")({
  validateSearch: v.object({ credential: v.optional(v.string()) }),
  component: function Screen() {
    const search = Route.useSearch();
    return <ResetPasswordScreen credential={search.credential} />;
  },
});
