import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import "./styles";
import { activateLocale, directionOf, initialLocale } from "@/lib/i18n";
import { installChunkReload } from "./chunkReload";
import { Providers } from "./providers";
import "./breather";
import { RouterProvider } from "@tanstack/react-router";
import { router } from "./router";
import { registerServiceWorker } from "./serviceWorker";
import { startOfflineSync } from "./offline";
import { warmStart } from "./warmStart";
import { queryClient } from "./queryClient";
import { persistQueryCache } from "@/lib/offline/queryCache";
import { yieldToMain } from "@/lib/yieldToMain";

const root = document.getElementById("root")!;
// /login or /register rendered at build time (./prerender.tsx) and fitting this visitor (boot.js hides it otherwise):
// it stays painted until the first render replaces it, so the route's code is loaded first.
const prerendered = !document.documentElement.hasAttribute("data-prerender-off") && !!root.querySelector("[data-prerendered]");
installChunkReload();
warmStart(router);
const locale = initialLocale();
// The pupil's answers kept on this device are in the query cache before the first render (offline too). Not awaited at
// the top level: what it loads (the query cache's persister, a language's catalogue) and a route's chunk import this
// chunk, which must finish evaluating first.
void Promise.all([activateLocale(locale), persistQueryCache(queryClient)]).then(start);

function start(): void {
  const app = (
    <StrictMode>
      <Providers direction={directionOf(locale)}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // Over a prerendered page, which stays on the screen meanwhile, the first render is a transition: React renders it in
  // slices that let the browser answer in between (one long task otherwise) and commits it whole.
  const renderOverPage = () => startTransition(() => createRoot(root).render(app));
  // The route is resolved (its chunk loaded, its matches settled) before the first render, in its own task: the router
  // then has nothing to update as it mounts, which would re-render the whole page at once outside the transition.
  if (prerendered)
    void yieldToMain()
      .then(() => router.load())
      .then(renderOverPage, renderOverPage);
  else createRoot(root).render(app);

  // Every dialog gives the focus back to what opened it when it closes (./focusReturn): a watcher that is of no use
  // before the first screen, loaded after it starts rendering.
  void import("./focusReturn").then((m) => m.installFocusReturn());
  registerServiceWorker();
  startOfflineSync(queryClient);
}
