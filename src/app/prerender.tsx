// Build time only (scripts/lib/prerender.mjs, run in Node by Vite's module runner): the public static pages rendered to
// HTML with the app's own components, in French, signed out — what a first visit to /login or /register shows. The
// browser paints it before the code arrives; main.tsx then renders the app over it (src/app/prerendered.ts).
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { RouterProvider, createMemoryHistory, createRouter } from "@tanstack/react-router";
import { i18n } from "@lingui/core";
import { DEFAULT_LOCALE } from "@domain/constants";
import { routeTree } from "../routeTree.gen";
import { Providers } from "./providers";
import { queryClient } from "./queryClient";

/** The HTML of `path`'s page (the content of `#root`). */
export async function renderPage(path: string): Promise<string> {
  i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: true,
  });
  await router.load();
  return renderToString(
    <StrictMode>
      <Providers direction="ltr">
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
