import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactionsDto } from "@domain/schemas/analytics";
import { renderWithProviders } from "../../../../tests/ui/render";
import { Reactions } from "./Reactions";
import { applyReaction } from "../api/setReaction";

const state = (over: Partial<ReactionsDto> = {}): ReactionsDto => ({
  content_id: 11,
  counts: { angry: 0, sad: 2, thinking: 0, happy: 0, love: 5 },
  reaction_type: "none",
  ...over,
});

/** A fake analytics service keeping the pupil's reaction; `fail` makes posts fail (after `delay` ms). */
function mockAnalytics(initial: ReactionsDto, opts: { fail?: boolean } = {}) {
  let current = initial;
  const posts: unknown[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/svc/analytics/reactions?")) return Response.json({ payload: current });
      if (url === "/svc/analytics/reactions" && init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as { reaction_type: "love" | "sad" | "none" };
        posts.push(body);
        await gate;
        if (opts.fail) return Response.json({ code: "server_error", message: "boom" }, { status: 500 });
        current = applyReaction(current, body.reaction_type);
        return Response.json({ payload: current });
      }
      return Response.json({ code: "not_found", message: "x" }, { status: 404 });
    }),
  );
  return { posts, release };
}

const count = (type: "love" | "sad") => screen.getByTestId(`reaction-${type}-count`).textContent;

afterEach(() => vi.unstubAllGlobals());

describe("Reactions", () => {
  it("shows the counts and the pupil's own reaction", async () => {
    mockAnalytics(state({ reaction_type: "sad" }));
    await renderWithProviders(<Reactions contentId={11} locked={false} />);
    await waitFor(() => expect(count("love")).toBe("5"));
    expect(count("sad")).toBe("2");
    expect(screen.getByTestId("reaction-sad").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("reaction-love").getAttribute("aria-pressed")).toBe("false");
  });

  it("love changes the count at once (optimistic), then pressing it again clears it", async () => {
    const user = userEvent.setup();
    const api = mockAnalytics(state());
    await renderWithProviders(<Reactions contentId={11} locked={false} />);
    await waitFor(() => expect(count("love")).toBe("5"));
    await user.click(screen.getByTestId("reaction-love"));
    // Before the server answers.
    expect(count("love")).toBe("6");
    expect(screen.getByTestId("reaction-love").getAttribute("aria-pressed")).toBe("true");
    api.release();
    await waitFor(() => expect(api.posts).toEqual([{ content_id: 11, reaction_type: "love" }]));
    await user.click(screen.getByTestId("reaction-love"));
    await waitFor(() => expect(count("love")).toBe("5"));
    expect(api.posts[1]).toEqual({ content_id: 11, reaction_type: "none" });
    expect(screen.getByTestId("reaction-love").getAttribute("aria-pressed")).toBe("false");
  });

  it("switching from love to sad moves the count", async () => {
    const user = userEvent.setup();
    const api = mockAnalytics(state({ reaction_type: "love", counts: { angry: 0, sad: 2, thinking: 0, happy: 0, love: 5 } }));
    api.release();
    await renderWithProviders(<Reactions contentId={11} locked={false} />);
    await waitFor(() => expect(count("love")).toBe("5"));
    await user.click(screen.getByTestId("reaction-sad"));
    await waitFor(() => expect(count("sad")).toBe("3"));
    expect(count("love")).toBe("4");
    expect(api.posts).toEqual([{ content_id: 11, reaction_type: "sad" }]);
  });

  it("rolls back and says so when the post fails", async () => {
    const user = userEvent.setup();
    const api = mockAnalytics(state(), { fail: true });
    await renderWithProviders(<Reactions contentId={11} locked={false} />);
    await waitFor(() => expect(count("love")).toBe("5"));
    await user.click(screen.getByTestId("reaction-love"));
    expect(count("love")).toBe("6");
    api.release();
    await waitFor(() => expect(count("love")).toBe("5"));
    expect(screen.getByTestId("reaction-love").getAttribute("aria-pressed")).toBe("false");
    expect(await screen.findByText("Une erreur s'est produite, veuillez réessayer ultérieurement")).toBeTruthy();
  });

  it("a locked lesson fetches nothing and warns instead of reacting", async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.fn(async () => Response.json({}));
    vi.stubGlobal("fetch", fetchSpy);
    await renderWithProviders(<Reactions contentId={11} locked />);
    await user.click(screen.getByTestId("reaction-love"));
    expect(await screen.findByText("Vous devez débloquer d'abord ce cours")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(count("love")).toBe("–");
  });
});
