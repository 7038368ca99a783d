import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiRequestError } from "@/lib/api";
import { formatTunisDate } from "@/lib/format";
import { reportReachable } from "@/lib/offline/status";
import { renderWithProviders } from "../../tests/ui/render";
import { AvailabilityBadge, oldestUpdate } from "./AvailabilityBadge";
import { isNoConnection, useNeedsConnection } from "./NeedsConnection";

const AT = Date.UTC(2026, 10, 27, 9, 53); // 10:53 in Tunis

afterEach(() => {
  act(() => reportReachable(true));
});

describe("AvailabilityBadge", () => {
  it("says nothing online; offline, the screen is on this device with the time of its data, in Tunis time", async () => {
    await renderWithProviders(<AvailabilityBadge updatedAt={AT} />);
    expect(screen.queryByTestId("availability-badge")).toBeNull();
    act(() => reportReachable(false));
    const badge = await screen.findByTestId("availability-badge");
    expect(badge.textContent).toBe("Sur cet appareil · mis à jour le 27 nov., 10:53");
  });

  it("writes the time in the reader's language (Arabic)", async () => {
    act(() => reportReachable(false));
    await renderWithProviders(<AvailabilityBadge updatedAt={AT} />, { locale: "ar" });
    const when = formatTunisDate(new Date(AT), "ar", "short");
    expect(when).not.toContain("nov");
    expect((await screen.findByTestId("availability-badge")).textContent).toContain(when);
  });

  it("shows the oldest of several answers, leaving out those never fetched", async () => {
    expect(oldestUpdate([AT + 60_000, 0, AT, undefined])).toBe(AT);
    expect(oldestUpdate([0, undefined])).toBeNull();
    act(() => reportReachable(false));
    await renderWithProviders(<AvailabilityBadge updatedAt={[0]} />);
    expect((await screen.findByTestId("availability-badge")).textContent).toBe("Sur cet appareil");
  });
});

function Guarded({ action }: { action: () => void }) {
  const online = useNeedsConnection();
  return (
    <>
      {online.notice}
      <button type="button" onClick={() => online.guard(action)}>
        Acheter
      </button>
    </>
  );
}

describe("useNeedsConnection", () => {
  it("offline, an action does not start and says at once it needs a connection; Réessayer runs it once back online", async () => {
    const action = vi.fn();
    act(() => reportReachable(false));
    await renderWithProviders(<Guarded action={action} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Acheter" }));
    expect(action).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("Cette action a besoin d'une connexion à Internet.");
    // Still offline: Réessayer keeps saying so.
    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(action).not.toHaveBeenCalled();
    act(() => reportReachable(true));
    await user.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("online, the action runs at once", async () => {
    const action = vi.fn();
    await renderWithProviders(<Guarded action={action} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Acheter" }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a network failure is 'no connection'; a server's answer is not", () => {
    expect(isNoConnection(new ApiRequestError(0, "network_error", "x"))).toBe(true);
    expect(isNoConnection(new ApiRequestError(403, "forbidden", "x"))).toBe(false);
    expect(isNoConnection(new Error("x"))).toBe(false);
  });
});
