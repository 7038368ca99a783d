import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../tests/ui/render";
import { MyHomework } from "./MyHomework";

const FILE = { id: 41, name: "copie-page-1.pdf", url: "/files/41?sig=x", size: 20_480, mime: "application/pdf" };

/** Records every DELETE the component sends; answers it like the server (an empty envelope). */
function mockApi() {
  const deletes: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === "DELETE") deletes.push(new URL(String(input), "http://localhost").pathname);
      return Response.json({ payload: null });
    }),
  );
  return deletes;
}

afterEach(() => vi.unstubAllGlobals());

describe("MyHomework: deleting a sent file during the exam", () => {
  it("asks first; keeping the file sends nothing", async () => {
    const deletes = mockApi();
    await renderWithProviders(<MyHomework examId={7} uploads={[FILE]} state="started" onPreview={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Supprimer copie-page-1.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer ce fichier ?" });
    expect(dialog.textContent).toContain("copie-page-1.pdf");
    expect(deletes).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Garder le fichier" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(deletes).toEqual([]);
  });

  it("deletes the file once the pupil confirms", async () => {
    const deletes = mockApi();
    await renderWithProviders(<MyHomework examId={7} uploads={[FILE]} state="started" onPreview={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Supprimer copie-page-1.pdf" }));
    await user.click(within(await screen.findByRole("dialog")).getByTestId("confirm-delete"));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]).toMatch(/\/student\/content-exam\/7\/41$/);
  });
});
