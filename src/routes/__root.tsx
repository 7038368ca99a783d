import { Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { rememberReferral } from "@/lib/referral";

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: ({ location }) => {
    const referral = (location.search as Record<string, unknown>).referral;
    rememberReferral(typeof referral === "string" ? referral : undefined);
  },
  component: Outlet,
});
