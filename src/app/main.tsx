import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import "./styles";
import { activateLocale, directionOf, initialLocale } from "@/lib/i18n";
import { installChunkReload } from "./chunkReload";
import { Providers } from "./providers";
import { router } from "./router";
import { registerServiceWorker } from "./serviceWorker";
import { startOfflineSync } from "./offline";
import { warmStart } from "./warmStart";
import { queryClient } from "./queryClient";
import { persistQueryCache } from "@/lib/offline/queryCache";

installChunkReload();
warmStart(router);
const locale = initialLocale();
// The pupil's answers kept on this device are in the query cache before the first render (offline too).
await Promise.all([activateLocale(locale), persistQueryCache(queryClient)]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers direction={directionOf(locale)}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

registerServiceWorker();
startOfflineSync(queryClient);
