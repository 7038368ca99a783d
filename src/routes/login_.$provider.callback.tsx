import { createFileRoute, notFound } from "@tanstack/react-router";
import * as v from "valibot";
import { SOCIAL_PROVIDERS, type SocialProvider } from "@domain/social";
import { searchText } from "@/lib/search";
import { SocialCallbackScreen } from "@/features/auth/screens/SocialCallbackScreen";

/**
 * Open route (SPEC §2 `/login/{provider}/callback`): the provider's return, for a sign-in and for a link started from
 * /mon-profil by a signed-in pupil, so it sits outside the public-only layout.
 */
export const Route = createFileRoute("/login_/$provider/callback")({
  validateSearch: v.object({ code: searchText, state: searchText, error: searchText }),
  beforeLoad: ({ params }) => {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(params.provider)) throw notFound();
  },
  component: function Screen() {
    const { provider } = Route.useParams();
    const search = Route.useSearch();
    return <SocialCallbackScreen provider={provider as SocialProvider} back={search} />;
  },
});
