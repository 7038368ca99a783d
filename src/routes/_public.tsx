import { createFileRoute, redirect } from "@tanstack/react-router";
import { homeAfterLogin } from "@domain/guards";
import { getSession } from "@/lib/session";
import { AuthLayout } from "@/features/auth/components/AuthLayout";

/** Public-only pages: a signed-in user goes to / (or /offres when nextPage=offres). */
export const Route = createFileRoute("/_public")({
  beforeLoad: ({ location }) => {
    if (getSession()) {
      const next = (location.search as Record<string, unknown>).nextPage;
      throw redirect({ href: homeAfterLogin(typeof next === "string" ? next : null) });
    }
  },
  component: AuthLayout,
});
