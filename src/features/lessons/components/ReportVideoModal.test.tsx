import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../tests/ui/render";
import { ReportVideoModal } from "./ReportVideoModal";

function stubApi(answer: { status: number; body: unknown }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      if (String(input).endsWith("/student/report-reasons")) {
        return Response.json({ payload: [{ id: 1, name: "Vidéo ne se lance pas" }, { id: 4, name: "Autre" }] });
      }
      posts.push(JSON.parse(String(init?.body)));
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return posts;
}

async function chooseReason(name: string) {
  const input = screen.getAllByLabelText(/Raison/).find((el) => el.tagName === "INPUT")!;
  fireEvent.click(input);
  fireEvent.click(within(await screen.findByRole("listbox")).getByRole("option", { name }));
}

describe("ReportVideoModal", () => {
  it("needs a reason and a description, then sends the report and closes", async () => {
    const posts = stubApi({ status: 201, body: { payload: { id: 9 } } });
    const onClose = vi.fn();
    await renderWithProviders(<ReportVideoModal contentId={42} opened onClose={onClose} />);
    const send = screen.getByRole("button", { name: "Envoyer" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await chooseReason("Vidéo ne se lance pas");
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.setup().type(screen.getByLabelText(/Description/), "L'image reste noire après 10 secondes.");
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([{ content: 42, reportReason: "1", description: "L'image reste noire après 10 secondes." }]);
  });

  it("shows the server's field error and stays open", async () => {
    stubApi({ status: 422, body: { code: "validation_failed", message: "invalid", errors: { description: ["description_too_long"] } } });
    const onClose = vi.fn();
    await renderWithProviders(<ReportVideoModal contentId={42} opened onClose={onClose} />);
    await chooseReason("Autre");
    await userEvent.setup().type(screen.getByLabelText(/Description/), "Texte");
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    await waitFor(() => expect(screen.getByLabelText(/Description/).getAttribute("aria-invalid")).toBe("true"));
    expect(onClose).not.toHaveBeenCalled();
  });
});
