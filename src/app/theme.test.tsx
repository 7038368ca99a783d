import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { Loader, Select } from "@mantine/core";
import { renderWithProviders } from "../../tests/ui/render";

const input = () => screen.getAllByLabelText(/Classe/).find((el) => el.tagName === "INPUT") as HTMLInputElement;

async function pick(name: string) {
  fireEvent.click(input());
  fireEvent.click(within(await screen.findByRole("listbox")).getByRole("option", { name }));
}

describe("theme: every Select", () => {
  it("keeps its chosen option when that option is clicked again (a required field never empties itself)", async () => {
    await renderWithProviders(<Select label="Classe" required data={["3ème année secondaire", "Bac Mathématiques"]} />);
    await pick("Bac Mathématiques");
    expect(input().value).toBe("Bac Mathématiques");
    await pick("Bac Mathématiques");
    expect(input().value).toBe("Bac Mathématiques");
  });

  it("mounts its list only when it opens (a closed form builds and measures no list)", async () => {
    await renderWithProviders(<Select label="Classe" data={["3ème année secondaire", "Bac Mathématiques"]} />);
    expect(screen.queryByRole("listbox", { hidden: true })).toBeNull();
    expect(screen.queryAllByRole("option", { hidden: true })).toHaveLength(0);
    await pick("Bac Mathématiques");
    expect(input().value).toBe("Bac Mathématiques");
  });

  it("still empties through its ✕ button when it is clearable (an optional field)", async () => {
    await renderWithProviders(<Select label="Classe" clearable data={["3ème année secondaire", "Bac Mathématiques"]} />);
    await pick("3ème année secondaire");
    expect(input().value).toBe("3ème année secondaire");
    fireEvent.click(screen.getByRole("button", { hidden: true }));
    expect(input().value).toBe("");
  });
});

describe("theme: every Loader", () => {
  it("is a status, so that its label is allowed and read out", async () => {
    await renderWithProviders(<Loader aria-label="Chargement" />);
    expect(screen.getByRole("status", { name: "Chargement" })).toBeTruthy();
  });
});
