import type { ReactElement, ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { I18nProvider } from "@lingui/react";
import { i18n, type Messages } from "@lingui/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter, type AnyRouter } from "@tanstack/react-router";
import { act, render, type RenderResult } from "@testing-library/react";
import type { Me } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { configQueryOptions, type PublicConfig } from "@/lib/config";
import { theme } from "@/app/theme";
import { makeMe, testConfig } from "./fixtures";

export interface RenderOptions {
  /** The signed-in user put in the query cache under `meQueryOptions.queryKey` (default: `makeMe()`). */
  me?: Me;
  /** The runtime configuration (`configQueryOptions`); `null` leaves it unloaded. Default: `testConfig`. */
  config?: PublicConfig | null;
  /** The memory router's starting path (default "/"). Every path renders `ui`. */
  path?: string;
  /** Language and catalog (default French, empty catalog: the source messages show). */
  locale?: string;
  messages?: Messages;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
  router: AnyRouter;
}

/**
 * Renders `ui` the way the app does: Mantine (with toasts), Lingui, TanStack Query pre-filled with `me`
 * (and the config), and a memory router whose root route renders `ui` — so `Link`, `useNavigate` and
 * `useRouterState` work. Waits until the router has rendered.
 */
export async function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): Promise<RenderWithProvidersResult> {
  const { me = makeMe(), config = testConfig, path = "/", locale = "fr", messages = {} } = options;
  await act(async () => {
    i18n.loadAndActivate({ locale, messages });
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(meQueryOptions.queryKey, me);
  if (config) queryClient.setQueryData(configQueryOptions.queryKey, config);

  const rootRoute = createRootRoute({ component: () => ui, notFoundComponent: () => null });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) }) as unknown as AnyRouter;

  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
  let result!: RenderResult;
  await act(async () => {
    result = render(<RouterProvider router={router} />, { wrapper: Wrapper });
    await router.load();
  });
  return { ...result, queryClient, router };
}
