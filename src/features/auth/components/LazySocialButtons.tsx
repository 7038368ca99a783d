import { lazy, Suspense } from "react";

const SocialButtons = lazy(() => import("./SocialButtons").then((m) => ({ default: m.SocialButtons })));

/**
 * The social buttons load after the sign-in form, in their own chunk: they wait for the server's list of providers
 * anyway, and their code (a query observer, the in-app browser explanation) would otherwise weigh on the first paint
 * of /login, the page most first visits show.
 */
export function LazySocialButtons({ nextPage }: { nextPage?: string | undefined }) {
  return (
    <Suspense fallback={null}>
      <SocialButtons nextPage={nextPage} />
    </Suspense>
  );
}
