import "fake-indexeddb/auto";
import { afterEach, beforeEach, vi } from "vitest";
import { cleanup } from "@testing-library/react";
import { notifications } from "@mantine/notifications";

// Component tests never reach a network: a test that needs answers stubs `fetch` itself; anything else gets a 503.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ message: "No network in component tests", code: "server_error" }, { status: 503 })),
  );
});

// Component tests (vitest project "ui", happy-dom): unmount after each test and reset the device's storage.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // Toasts live in a module-level store: empty it so that one test's toast never shows in the next.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  sessionStorage.clear();
});
