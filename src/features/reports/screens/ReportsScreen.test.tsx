import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { VideoReportDto, VideoReportStatus } from "@domain/learning";
import { renderWithProviders } from "../../../../tests/ui/render";
import type { ReportsSearch } from "../search";
import { ReportsScreen } from "./ReportsScreen";

const report = (id: number, status: VideoReportStatus): VideoReportDto => ({
  id,
  report_reason: { id: 1, reason: "Vidéo ne se lance pas" },
  description: `Rapport ${id}`,
  content: { id: 9, name: "Dérivabilité", slug: "derivabilite" },
  status,
  created_at: "2026-10-05T23:30:00.000Z",
  reject_reason: status === "Rejected" ? "Vidéo conforme" : null,
  is_confirmed: status === "Resolved",
});

function mockApi(reports: VideoReportDto[]) {
  const calls: Array<{ method: string; url: URL }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      calls.push({ method, url });
      if (method === "DELETE") {
        const id = Number(url.pathname.split("/").at(-1));
        reports = reports.filter((r) => r.id !== id);
        return Response.json({ payload: { id } });
      }
      const page = Number(url.searchParams.get("page"));
      const perPage = Number(url.searchParams.get("perPage"));
      const items = reports.slice((page - 1) * perPage, page * perPage);
      return Response.json({ payload: items, meta: { current_page: page, last_page: Math.max(1, Math.ceil(reports.length / perPage)), total: reports.length } });
    }),
  );
  return calls;
}

function Harness() {
  const [search, setSearch] = useState<ReportsSearch>({ page: 1, perPage: 10 });
  return <ReportsScreen {...search} onChange={setSearch} />;
}

afterEach(() => vi.unstubAllGlobals());

describe("ReportsScreen", () => {
  it("shows every column, and edit and delete on pending reports only", async () => {
    mockApi([report(3, "Pending"), report(2, "Rejected"), report(1, "Resolved")]);
    await renderWithProviders(<Harness />, { path: "/reports" });
    const rows = await screen.findAllByTestId("reports-table-row");
    expect(rows).toHaveLength(3);
    for (const header of ["ID", "Raison", "Rapport", "Contenu", "Date", "Motif du refus", "Statut", "Action"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeTruthy();
    }
    expect(within(rows[0]!).getByRole("button", { name: "Modifier le rapport n° 3" })).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button", { name: /Modifier/ })).toBeNull();
    expect(rows[1]!.textContent).toContain("Vidéo conforme");
    expect(rows[1]!.textContent).toContain("Rejeté");
    // 23:30 UTC on 5 October is 6 October in Tunis.
    expect(rows[0]!.textContent).toContain("06/10/2026");
  });

  it("deletes a pending report only after the confirmation", async () => {
    const user = userEvent.setup();
    const calls = mockApi([report(3, "Pending"), report(2, "Resolved")]);
    await renderWithProviders(<Harness />, { path: "/reports" });
    await user.click(await screen.findByRole("button", { name: "Supprimer le rapport n° 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer le rapport" });
    await user.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Supprimer le rapport n° 3" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Supprimer le rapport" })).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(screen.getAllByTestId("reports-table-row")).toHaveLength(1));
    expect(calls.find((c) => c.method === "DELETE")?.url.pathname).toBe("/api/student/video-reports/3");
  });

  it("says 'Pas d'historique' without reports", async () => {
    mockApi([]);
    await renderWithProviders(<Harness />, { path: "/reports" });
    expect((await screen.findByTestId("reports-empty")).textContent).toBe("Pas d'historique");
  });
});
