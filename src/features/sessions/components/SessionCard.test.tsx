import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LiveEventDto } from "@domain/events";
import { renderWithProviders } from "../../../../tests/ui/render";
import { SessionCard } from "./SessionCard";

const NOW = new Date("2026-11-24T10:00:00Z");

function makeEvent(over: Partial<LiveEventDto> = {}, event: Partial<LiveEventDto["event"]> = {}): LiveEventDto {
  return {
    id: 5,
    name: "Séance spéciale bac blanc en Mathématiques avec résolution détaillée des sujets",
    name_ar: null,
    name_en: null,
    day: 2,
    subject: { id: 1, slug: "mathematiques", name: "Mathématiques", name_ar: "رياضيات", name_en: "Mathematics", color: "#1c7ed6" },
    disabled: false,
    participated: false,
    owned: false,
    action: "join",
    status: "upcoming",
    event: {
      start_time: "2026-11-26T13:15:00Z",
      end_time: "2026-11-26T14:45:00Z",
      description: "",
      files: [],
      versPilote: false,
      chapterId: null,
      has_hessaty_chapter: false,
      traineeship_name: null,
      totalSeances: 1,
      price: null,
      comingContentHessaty: 0,
      depassedContentHessaty: 0,
      dayDate: "2026-11-26",
      ...event,
    },
    hessatyId: null,
    teacher: { id: 1, name: "Sonia", last_name: "Gharbi" },
    ...over,
  };
}

describe("SessionCard", () => {
  it("shows the status, the name cut at 30 characters on a desktop with the full name as its title, the hours and the countdown", async () => {
    await renderWithProviders(<SessionCard event={makeEvent()} now={NOW} busy={false} onAction={() => undefined} />);
    expect(screen.getByTestId("session-status").textContent).toContain("Bientôt");
    const title = screen.getByRole("heading", { level: 3 });
    expect(title.textContent).toBe("Séance spéciale bac blanc en M…");
    expect(title.getAttribute("title")).toBe(makeEvent().name);
    expect(screen.getByText(/14:15 – 15:45/)).toBeTruthy();
    expect(screen.getByTestId("session-countdown").textContent).toContain("Commence dans 2 j 3 h");
    expect(screen.getByTestId("session-action").textContent).toContain("Participer");
  });

  it("labels each action: Acheter, Commencer, Fermer (disabled)", async () => {
    const onAction = vi.fn();
    const first = await renderWithProviders(
      <SessionCard event={makeEvent({ action: "buy" }, { has_hessaty_chapter: true, chapterId: 3, totalSeances: 4, comingContentHessaty: 2 })} now={NOW} busy={false} onAction={onAction} />,
    );
    expect(screen.getByTestId("session-action").textContent).toContain("Acheter");
    expect(screen.getByText(/2 à venir sur 4/)).toBeTruthy();
    await userEvent.click(screen.getByTestId("session-action"));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ id: 5, action: "buy" }));
    first.unmount();
    const second = await renderWithProviders(<SessionCard event={makeEvent({ action: "start", participated: true, status: "ongoing" })} now={NOW} busy={false} onAction={onAction} />);
    expect(screen.getByTestId("session-action").textContent).toContain("Commencer");
    expect(screen.getByTestId("session-status").textContent).toContain("En Cours");
    expect(screen.queryByTestId("session-countdown")).toBeNull();
    second.unmount();
    await renderWithProviders(<SessionCard event={makeEvent({ action: "close", disabled: true, status: "finished" })} now={NOW} busy={false} onAction={onAction} />);
    expect(screen.getByTestId("session-action").textContent).toContain("Fermer");
    expect((screen.getByTestId("session-action") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("session-status").textContent).toContain("Terminée");
  });
});
