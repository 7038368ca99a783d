import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../tests/ui/render";
import { HintTooltip } from "./HintTooltip";

describe("HintTooltip", () => {
  it("shows on hover and hides when the pointer leaves or on Escape", async () => {
    await renderWithProviders(
      <HintTooltip label="Matières" position="inline-end">
        <a href="/subjects">M</a>
      </HintTooltip>,
    );
    const user = userEvent.setup();
    expect(screen.queryByTestId("hint-tooltip")).toBeNull();
    await user.hover(screen.getByRole("link"));
    const bubble = await screen.findByTestId("hint-tooltip");
    expect(bubble.textContent).toBe("Matières");
    expect(bubble.getAttribute("aria-hidden")).toBe("true");
    await user.unhover(screen.getByRole("link"));
    expect(screen.queryByTestId("hint-tooltip")).toBeNull();
    await user.hover(screen.getByRole("link"));
    await screen.findByTestId("hint-tooltip");
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("hint-tooltip")).toBeNull();
  });

  it("shows on keyboard focus and describes its trigger", async () => {
    await renderWithProviders(
      <HintTooltip label="Heures gratuites : 1 h sur 5 h">
        <a href="/porte-monnaie">120 points</a>
      </HintTooltip>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("link"));
    expect(await screen.findByTestId("hint-tooltip")).toBeTruthy();
    expect(screen.getByRole("link", { description: "Heures gratuites : 1 h sur 5 h" })).toBeTruthy();
    await user.tab();
    await waitFor(() => expect(screen.queryByTestId("hint-tooltip")).toBeNull());
  });

  it("adds no description when the trigger's name already says it", async () => {
    await renderWithProviders(
      <HintTooltip label="Le forum" describe={false}>
        <button type="button" aria-label="Le forum">
          F
        </button>
      </HintTooltip>,
    );
    expect(screen.getByRole("button", { name: "Le forum" }).hasAttribute("aria-describedby")).toBe(false);
  });

  it("with `touch`, shows on a tap and stays until a tap elsewhere", async () => {
    await renderWithProviders(
      <div>
        <HintTooltip label="La recherche n'est pas disponible avec votre offre" describe={false} touch>
          <button type="button" aria-disabled aria-label="Rechercher : La recherche n'est pas disponible avec votre offre">
            R
          </button>
        </HintTooltip>
        <p>ailleurs</p>
      </div>,
    );
    const button = screen.getByRole("button");
    fireEvent.pointerEnter(button, { pointerType: "touch" });
    fireEvent.pointerLeave(button, { pointerType: "touch" });
    expect((await screen.findByTestId("hint-tooltip")).textContent).toBe("La recherche n'est pas disponible avec votre offre");
    fireEvent.pointerDown(screen.getByText("ailleurs"), { pointerType: "touch" });
    await waitFor(() => expect(screen.queryByTestId("hint-tooltip")).toBeNull());
  });

  it("without `touch`, a tap shows nothing", async () => {
    await renderWithProviders(
      <HintTooltip label="Matières" position="inline-end" describe={false}>
        <a href="/subjects" aria-label="Matières">
          M
        </a>
      </HintTooltip>,
    );
    fireEvent.pointerEnter(screen.getByRole("link"), { pointerType: "touch" });
    expect(screen.queryByTestId("hint-tooltip")).toBeNull();
  });
});
