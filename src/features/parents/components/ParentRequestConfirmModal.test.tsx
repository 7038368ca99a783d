import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ParentRequestDto } from "@domain/account";
import { renderWithProviders } from "../../../../tests/ui/render";
import { ParentRequestConfirmModal } from "./ParentRequestConfirmModal";

const request = (gender: "male" | "female" | null): ParentRequestDto => ({
  id: 7,
  approved: null,
  created_at: "2026-11-20T10:00:00.000Z",
  parent_user: { id: 5, name: "Leila", last_name: "Ben Salah" },
  child_user: { id: 11, name: gender === "male" ? "Sami" : "Yasmine", last_name: "Ben Salah", division: null, gender },
});

afterEach(() => vi.unstubAllGlobals());

async function arabic() {
  return (await import("../../../locales/ar/messages.po")).messages;
}

describe("ParentRequestConfirmModal in Arabic: the child's gender", () => {
  it("a daughter: حسابها in the question, مرتبطة in the toast", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: { ...request("female"), approved: true } })));
    await renderWithProviders(<ParentRequestConfirmModal request={request("female")} approve onClose={() => {}} />, { locale: "ar", messages: await arabic() });
    const dialog = await screen.findByTestId("parent-request-confirm");
    expect(dialog.textContent).toContain("ستتمكن من متابعة حسابها.");
    expect(dialog.textContent).not.toContain("حسابه.");
    await user.click(screen.getByTestId("parent-request-confirm-button"));
    await waitFor(() => expect(document.body.textContent).toContain("أصبحت Yasmine Ben Salah مرتبطة بحسابك."));
  });

  it("a son: حسابه; a child whose gender is not given: neither", async () => {
    const messages = await arabic();
    const { unmount } = await renderWithProviders(<ParentRequestConfirmModal request={request("male")} approve onClose={() => {}} />, { locale: "ar", messages });
    expect((await screen.findByTestId("parent-request-confirm")).textContent).toContain("ستتمكن من متابعة حسابه.");
    unmount();
    await renderWithProviders(<ParentRequestConfirmModal request={request(null)} approve onClose={() => {}} />, { locale: "ar", messages });
    const text = (await screen.findByTestId("parent-request-confirm")).textContent ?? "";
    expect(text).toContain("ستتمكن من متابعة الحساب.");
  });

  it("in French the daughter is « liée »", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: { ...request("female"), approved: true } })));
    await renderWithProviders(<ParentRequestConfirmModal request={request("female")} approve onClose={() => {}} />);
    expect((await screen.findByTestId("parent-request-confirm")).textContent).toContain("Confirmez-vous être le parent de Yasmine Ben Salah ? Vous pourrez suivre son compte.");
    await user.click(screen.getByTestId("parent-request-confirm-button"));
    await waitFor(() => expect(document.body.textContent).toContain("Demande approuvée : Yasmine Ben Salah est liée à votre compte."));
  });
});
