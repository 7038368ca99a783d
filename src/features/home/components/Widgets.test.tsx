import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { makeAffiliation, makeMe } from "../../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makePost, makeRecording, makeSubject, stubApi } from "../testData";
import { ForumWidget } from "./ForumWidget";
import { LatestRecordings } from "./LatestRecordings";
import { ProgressWidget } from "./ProgressWidget";

afterEach(() => vi.unstubAllGlobals());

describe("latest recorded courses", () => {
  it("lists the sessions, each opening the recording viewer; locked ones say so", async () => {
    const fetchMock = stubApi({
      "/student/latest-recordings": [makeRecording(1, { percentage: 45 }), makeRecording(2, { locked: true }), makeRecording(3, { percentage: 100 })],
    });
    await renderWithProviders(<LatestRecordings />);
    const rows = await screen.findAllByTestId("home-recording");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.getAttribute("href")).toBe("/subjects/mathematiques/chapters/enregistrements-mathematiques/recordings/seance-1/content");
    expect(rows[0]!.textContent).toContain("Séance 1 : révision guidée");
    expect(rows[0]!.textContent).toContain("Mathématiques · 15/11/2026 · 30 min");
    expect(rows[0]!.textContent).toMatch(/45\s?%/);
    expect(rows[1]!.getAttribute("data-locked")).toBe("true");
    expect(within(rows[1]!).getByText("Verrouillé")).toBeTruthy();
    expect(within(rows[2]!).getByText("Terminé")).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/student/latest-recordings?limit=4");
  });

  it("names the subject in Arabic for an Arabic reader", async () => {
    stubApi({ "/student/latest-recordings": [makeRecording(1)] });
    await renderWithProviders(<LatestRecordings />, { locale: "ar" });
    expect((await screen.findByTestId("home-recording")).textContent).toContain("الرياضيات");
  });

  it("keeps four skeleton rows while loading, then says when there is nothing", async () => {
    stubApi({ "/student/latest-recordings": "pending" });
    const { container, unmount } = await renderWithProviders(<LatestRecordings />);
    expect(container.querySelectorAll(".mantine-Skeleton-root")).toHaveLength(4);
    unmount();
    stubApi({ "/student/latest-recordings": [] });
    await renderWithProviders(<LatestRecordings />);
    expect(await screen.findByText("Aucun cours enregistré pour le moment.")).toBeTruthy();
  });

  it("offers a retry when the list cannot load", async () => {
    const fetchMock = stubApi({});
    await renderWithProviders(<LatestRecordings />);
    fireEvent.click(await screen.findByRole("button", { name: "Réessayer" }));
    expect(fetchMock.mock.calls.length).toBe(2);
  });
});

describe("progress widget", () => {
  it("shows the first five subjects by position, progress capped at 100, each linking to its page", async () => {
    const subjects = [6, 2, 1, 5, 3, 4].map((id) => makeSubject(id, { progress: id === 1 ? 140 : id * 10 }));
    stubApi({ "/student/subjects": subjects });
    await renderWithProviders(<ProgressWidget />);
    const rows = await screen.findAllByTestId("home-progress-subject");
    expect(rows.map((r) => r.getAttribute("href"))).toEqual([1, 2, 3, 4, 5].map((id) => `/subjects/matiere-${id}/details`));
    expect(rows[0]!.textContent).toMatch(/100\s?%/);
    expect(within(rows[0]!).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(rows[1]!.textContent).toMatch(/20\s?%/);
    expect(screen.getByRole("link", { name: "Tout voir" }).getAttribute("href")).toBe("/subjects");
  });

  it("keeps five skeleton rows while loading", async () => {
    stubApi({ "/student/subjects": "pending" });
    const { container } = await renderWithProviders(<ProgressWidget />);
    expect(container.querySelectorAll(".mantine-Skeleton-root")).toHaveLength(5);
  });
});

describe("forum widget", () => {
  const gold = makeMe({ affiliations: [makeAffiliation(35)], permissions: { forum: true } });

  it("with the forum permission: the posts and the forum open in a new tab", async () => {
    stubApi({ "/latest-posts": [makePost(1, { title: "Limite en +∞", author: "Yassine B.", replies: 7 }), makePost(2)] });
    await renderWithProviders(<ForumWidget />, { me: gold });
    const posts = await screen.findAllByTestId("home-forum-post");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.getAttribute("href")).toBe("https://forum.example.tn/t/sujet-1/1");
    expect(posts[0]!.getAttribute("target")).toBe("_blank");
    expect(posts[0]!.getAttribute("rel")).toContain("noopener");
    expect(posts[0]!.textContent).toContain("Limite en +∞");
    expect(posts[0]!.textContent).toContain("Yassine B.");
    expect(posts[0]!.textContent).toMatch(/il y a 1 heure/);
    const link = screen.getByTestId("home-forum-link");
    expect(link.getAttribute("href")).toBe("https://forum.example.tn/");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("without any offer: no link, the shell's warning", async () => {
    stubApi({ "/latest-posts": [makePost(1)] });
    await renderWithProviders(<ForumWidget />, { me: makeMe() });
    const post = await screen.findByTestId("home-forum-post");
    expect(post.tagName).toBe("BUTTON");
    expect(screen.queryByRole("link")).toBeNull();
    fireEvent.click(screen.getByTestId("home-forum-link"));
    expect(await screen.findByText("Vous ne pouvez pas accéder au forum")).toBeTruthy();
  });

  it("with the operator Silver offer: the upgrade message", async () => {
    stubApi({ "/latest-posts": [makePost(1)] });
    await renderWithProviders(<ForumWidget />, { me: makeMe({ affiliations: [makeAffiliation(33, { period: "day" })] }) });
    fireEvent.click(await screen.findByTestId("home-forum-post"));
    expect(await screen.findByText("Pour profiter du forum veuillez souscrire à Silver+ ou Gold pour toute l année")).toBeTruthy();
  });

  it("keeps four skeleton rows while loading, and says when the forum cannot be reached", async () => {
    stubApi({ "/latest-posts": "pending" });
    const { container, unmount } = await renderWithProviders(<ForumWidget />, { me: gold });
    expect(container.querySelectorAll(".mantine-Skeleton-root")).toHaveLength(4);
    unmount();
    stubApi({ "/latest-posts": { status: 503, body: { message: "down", code: "server_error" } } });
    await renderWithProviders(<ForumWidget />, { me: gold });
    expect(await screen.findByText("Le forum est momentanément indisponible.")).toBeTruthy();
  });
});
