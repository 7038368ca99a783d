import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";
import { notifications } from "@mantine/notifications";

// Component tests (vitest project "ui", happy-dom): unmount after each test and reset the device's storage.
afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: empty it so that one test's toast never shows in the next.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  sessionStorage.clear();
});
