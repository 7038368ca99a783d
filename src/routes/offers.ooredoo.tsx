import { createFileRoute, redirect } from "@tanstack/react-router";
import { homeAfterLogin } from "@domain/guards";
import { getSession } from "@/lib/session";
import { OperatorLandingScreen } from "@/features/operator/screens/OperatorLandingScreen";

/**
 * `/offers/ooredoo`: public-only (SPEC §2: a signed-in user goes to / or /offres with nextPage=offres), with its own
 * full-width landing layout rather than the sign-in pages' card.
 */
export const Route = createFileRoute("/offers/ooredoo")({
  beforeLoad: ({ location }) => {
    if (getSession()) {
      const next = (location.search as Record<string, unknown>).nextPage;
      throw redirect({ href: homeAfterLogin(typeof next === "string" ? next : null) });
    }
  },
  component: OperatorLandingScreen,
});
