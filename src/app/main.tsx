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
import { installSnapshots } from "./snapshot";
import { queryClient } from "./queryClient";

installChunkReload();
warmStart(router);
installSnapshots(router);
const locale = initialLocale();
await activateLocale(locale);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers direction={directionOf(locale)}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

registerServiceWorker();
startOfflineSync(queryClient);
