import { beforeEach, describe, expect, it } from "vitest";
import { env } from "../env";
import { inertMarkup, isSettled, saveSnapshot, SNAPSHOT_PREFIX, wipeSnapshots, type Snapshot } from "./snapshot";

function screen(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}
const stored = (userId: number, href: string) => JSON.parse(localStorage.getItem(`${SNAPSHOT_PREFIX}${userId}:${href}`) ?? "null") as Snapshot | null;
const keys = () => Object.keys(localStorage).filter((k) => k.startsWith(SNAPSHOT_PREFIX)).sort();

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '<link rel="stylesheet" href="/assets/app-x.css"><link rel="stylesheet" href="/assets/Card-y.css">';
});

describe("last screens kept on the device", () => {
  it("keeps a settled list page with its stylesheets, build and language", () => {
    expect(saveSnapshot(7, "/subjects", screen('<main><a href="/subjects/maths/details">Maths</a></main>'), "ar")).toBe(true);
    const snap = stored(7, "/subjects");
    expect(snap).toMatchObject({ b: env.buildId, l: "ar", css: ["/assets/app-x.css", "/assets/Card-y.css"] });
    expect(snap?.h).toContain('href="/subjects/maths/details"');
    expect(localStorage.getItem(`${SNAPSHOT_PREFIX}7`)).toBe('["/subjects"]');
  });

  it("keeps nothing of a page still loading, or of pages that are not list pages", () => {
    expect(saveSnapshot(7, "/subjects", screen('<div data-page-loader=""></div>'), "fr")).toBe(false);
    expect(saveSnapshot(7, "/", screen('<div class="mantine-Skeleton-root" data-visible="true"></div>'), "fr")).toBe(false);
    expect(saveSnapshot(7, "/subjects/maths/chapters/1/lessons/2/content", screen("<p>lesson</p>"), "fr")).toBe(false);
    expect(saveSnapshot(7, "/wallet", screen("<p>points</p>"), "fr")).toBe(false);
    expect(saveSnapshot(7, "/subjects", screen(""), "fr")).toBe(false);
    expect(saveSnapshot(7, "/subjects/x/details", screen('<div data-page-error="">Oops</div>'), "fr")).toBe(false);
    expect(keys()).toEqual([]);
    // A skeleton that is no longer shown does not count.
    expect(isSettled(screen('<div class="mantine-Skeleton-root"></div><p>ok</p>'))).toBe(true);
  });

  it("drops media, frames, scripts, ids and test ids, and makes fields read-only", () => {
    const html = inertMarkup(
      screen(
        '<div id="a" data-testid="home"><iframe src="https://www.youtube.com/embed/x"></iframe><video src="/m.mp4"></video>' +
          '<script>1</script><canvas></canvas><input id="q" autofocus><p data-testid="p">text</p></div>',
      ),
    );
    expect(html).not.toMatch(/iframe|video|script|canvas|id=|data-testid|autofocus/);
    expect(html).toContain("readonly");
    expect(html).toContain("<p>text</p>");
  });

  it("keeps the 6 most recent pages of a pupil, the same page once", () => {
    const hrefs = ["/", "/subjects", "/courses", "/liste-de-favoris", "/subjects/a/details", "/subjects/b/details", "/subjects/c/details"];
    for (const href of hrefs) saveSnapshot(7, href, screen("<p>x</p>"), "fr");
    saveSnapshot(7, "/subjects/c/details", screen("<p>again</p>"), "fr");
    const list = JSON.parse(localStorage.getItem(`${SNAPSHOT_PREFIX}7`) ?? "[]") as string[];
    expect(list).toEqual(["/subjects/c/details", "/subjects/b/details", "/subjects/a/details", "/liste-de-favoris", "/courses", "/subjects"]);
    expect(stored(7, "/")).toBeNull();
    expect(stored(7, "/subjects/c/details")?.h).toBe("<p>again</p>");
    expect(keys()).toHaveLength(7);
  });

  it("does not keep a page too large for the device's storage", () => {
    expect(saveSnapshot(7, "/subjects", screen(`<p>${"x".repeat(210_000)}</p>`), "fr")).toBe(false);
    expect(keys()).toEqual([]);
  });

  it("logout wipes that pupil's screens and nobody else's", () => {
    saveSnapshot(7, "/subjects", screen("<p>seven</p>"), "fr");
    saveSnapshot(70, "/subjects", screen("<p>seventy</p>"), "fr");
    wipeSnapshots(7);
    expect(keys()).toEqual([`${SNAPSHOT_PREFIX}70`, `${SNAPSHOT_PREFIX}70:/subjects`]);
    wipeSnapshots(null);
    expect(keys()).toEqual([]);
  });
});
