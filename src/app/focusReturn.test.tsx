import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Button, Modal } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../tests/ui/render";
import { installFocusReturn } from "./focusReturn";

/** The app's usual pattern: the dialog is rendered only while open, already open, and unmounted on close. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button>Avant</Button>
      <Button onClick={() => setOpen(true)}>Ouvrir</Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Dialogue" closeButtonProps={{ "aria-label": "Fermer" }}>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
        </Modal>
      )}
    </>
  );
}

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

describe("installFocusReturn", () => {
  it("a dialog mounted open and unmounted on close gives the focus back to the button that opened it", async () => {
    uninstall = installFocusReturn();
    const user = userEvent.setup();
    await renderWithProviders(<Page />);
    await user.click(screen.getByRole("button", { name: "Ouvrir" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(await screen.findByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Ouvrir" })));
  });

  it("closed with Escape from the keyboard, too", async () => {
    uninstall = installFocusReturn();
    const user = userEvent.setup();
    await renderWithProviders(<Page />);
    screen.getByRole("button", { name: "Ouvrir" }).focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Ouvrir" })));
  });

  it("without the watcher the focus is lost (what the watcher fixes)", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Page />);
    await user.click(screen.getByRole("button", { name: "Ouvrir" }));
    await screen.findByRole("dialog");
    await user.click(await screen.findByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await new Promise((r) => setTimeout(r, 60));
    expect(document.activeElement).not.toBe(screen.getByRole("button", { name: "Ouvrir" }));
  });
});
