import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CONTENT_TYPE, type LessonDto, type LessonListItemDto } from "@domain/learning";
import { renderWithProviders } from "../../../../tests/ui/render";
import { fakeToken, makeMe } from "../../../../tests/ui/fixtures";
import { clearSession, setSession } from "@/lib/session";
import { setLiteChoice } from "@/lib/lite";
import { getDb, resetDbForTests } from "@/lib/offline/store";
import { settled } from "@/lib/offline/sync";
import { makeItem, makeLesson } from "../testData";
import { LessonViewerScreen } from "./LessonViewerScreen";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake network: the lesson, its chapter's list, the progress service and the bookmark toggle. */
function mockApi(lesson: LessonDto, items: LessonListItemDto[], progress: (body: unknown) => unknown = () => ({ expired: false, percentage: 10, completed: false, lastWatchedSecond: 0 })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init?.method ?? "GET", headers: (init?.headers ?? {}) as Record<string, string>, body });
      if (url === "/svc/progress/progress") return Response.json({ payload: progress(body) });
      if (url.endsWith("/bookmark")) return Response.json({ payload: { bookmarked: !lesson.bookmarked } });
      if (url.endsWith("/contents") || url.includes("/contents?")) return Response.json({ payload: items });
      if (url.includes("/contents/")) return Response.json({ payload: lesson });
      return Response.json({ code: "not_found", message: "Not found" }, { status: 404 });
    }),
  );
  return calls;
}

beforeEach(async () => {
  // Progress and bookmarks go through the device store's outbox, which belongs to the signed-in user.
  setSession({ token: fakeToken(1) });
  await getDb().delete();
  resetDbForTests();
});

afterEach(async () => {
  // Posts still on their way belong to this test: let them finish with this test's network.
  await settled();
  vi.unstubAllGlobals();
  clearSession();
});

async function renderViewer(lesson: LessonDto, items: LessonListItemDto[], options: { progress?: (body: unknown) => unknown; me?: ReturnType<typeof makeMe> } = {}) {
  const calls = mockApi(lesson, items, options.progress);
  const result = await renderWithProviders(
    <Suspense fallback={null}>
      <LessonViewerScreen kind="lessons" subject="maths" chapter="chapitre-1" lesson={lesson.slug} />
    </Suspense>,
    { path: `/subjects/maths/chapters/chapitre-1/lessons/${lesson.slug}/content`, me: options.me },
  );
  await screen.findByTestId("lesson-title");
  return { ...result, calls };
}

const three = [makeItem(1), makeItem(2), makeItem(3)];

describe("LessonViewerScreen", () => {
  it("disables previous on the first lesson and goes to the next lesson's viewer", async () => {
    const user = userEvent.setup();
    const { router, calls } = await renderViewer(makeLesson({ slug: "lecon-1" }), three);
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(["/api/student/subjects/maths/chapters/chapitre-1/contents/lecon-1", "/api/student/subjects/maths/chapters/chapitre-1/contents"]),
    );
    expect((screen.getByRole("button", { name: "Leçon précédente" }) as HTMLButtonElement).disabled).toBe(true);
    const next = screen.getByRole("button", { name: "Leçon suivante" }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe("/subjects/maths/chapters/chapitre-1/lessons/lecon-2/content"));
  });

  it("disables next on the last lesson, highlights it in the list and shows title, instructor and chapter", async () => {
    const long = "Une leçon au titre vraiment très long qui dépasse largement les cinquante-six caractères";
    await renderViewer(makeLesson({ slug: "lecon-3", name: long }), three);
    expect((screen.getByRole("button", { name: "Leçon suivante" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Leçon précédente" }) as HTMLButtonElement).disabled).toBe(false);
    const links = screen.getAllByTestId("lesson-item");
    expect(links.map((l) => l.getAttribute("aria-current"))).toEqual([null, null, "page"]);
    expect(links[0]?.getAttribute("href")).toBe("/subjects/maths/chapters/chapitre-1/lessons/lecon-1/content");
    const title = screen.getByTestId("lesson-title");
    expect(Array.from(title.textContent ?? "").length).toBe(56);
    expect(title.textContent?.endsWith("…")).toBe(true);
    expect(title.getAttribute("title")).toBe(long);
    expect(screen.getByTestId("lesson-instructor").textContent).toBe("Mohamed Ben Ali");
    expect(screen.getByTestId("lesson-chapter").textContent).toBe("Dérivation");
  });

  it("shows the lock screen with the link to /offres, no video and no attachments, and warns on bookmark", async () => {
    const user = userEvent.setup();
    const { calls } = await renderViewer(makeLesson({ locked: true, attachments_hidden: true, content_videos: null, otp: null, playbackInfo: null }), three);
    const lock = screen.getByTestId("lock-screen");
    const link = within(lock).getByRole("link", { name: "Déverrouillez l accès complet" });
    // Back to this lesson once bought: /offres?redirect=<the lesson's path>.
    const href = new URL(link.getAttribute("href")!, "http://localhost");
    expect(href.pathname).toBe("/offres");
    expect(href.searchParams.get("redirect")).toMatch(/^\/subjects\/.+\/content$|^\/$/);
    expect(document.querySelector("video")).toBeNull();
    expect(screen.queryByText("Aucune pièce jointe dans cette leçon")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Ajouter aux favoris" }));
    expect(await screen.findByText("Vous devez débloquer d'abord ce cours")).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("/bookmark"))).toBe(false);
  });

  it("shows no attachment section when the server hides them (the pupil's only offers are the packs 83/84)", async () => {
    await renderViewer(makeLesson({ attachments_hidden: true }), three);
    expect(screen.queryByText("Pièces jointes")).toBeNull();
    expect(screen.queryByText("Aucune pièce jointe dans cette leçon")).toBeNull();
  });

  it("shows the free-hours dialog when the server refuses the lesson's media (free hours used up), and leads to the offers", async () => {
    const user = userEvent.setup();
    const { router } = await renderViewer(
      makeLesson({ is_free: true, media_refused: "free_hours_exhausted", attachments_hidden: true, content_videos: null, otp: null, playbackInfo: null }),
      three,
      { me: makeMe({ permissions: { freeHours: true }, freeHours: { total_seconds: 7200, used_seconds: 7200 } }) },
    );
    const dialog = await screen.findByRole("dialog", { name: "Vos heures gratuites sont épuisées" });
    expect(screen.getByTestId("lock-screen")).toBeTruthy();
    expect(document.querySelector("video")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Voir les offres" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/offres"));
  });

  it("says when the lesson has no attachment", async () => {
    await renderViewer(makeLesson(), three);
    expect(screen.getByText("Aucune pièce jointe dans cette leçon")).toBeTruthy();
  });

  it("lists attachments opening in a new tab, names cut at 15", async () => {
    await renderViewer(makeLesson({ attachments: [{ name: "Série d'exercices corrigés.pdf", url: "/media/a/1.pdf" }, { name: "Cours.pdf", url: "/media/a/2.pdf" }] }), three);
    const [first, second] = screen.getAllByTestId("attachment");
    expect(first?.textContent).toBe("Série d'exerci…");
    expect(first?.getAttribute("title")).toBe("Série d'exercices corrigés.pdf");
    expect(first?.getAttribute("aria-label")).toBe("Série d'exercices corrigés.pdf (nouvel onglet)");
    expect(first?.getAttribute("target")).toBe("_blank");
    expect(first?.getAttribute("rel")).toContain("noopener");
    expect(second?.textContent).toBe("Cours.pdf");
  });

  it("shows a check mark above 80 %, a play icon at 80 % and a lock on locked lessons", async () => {
    await renderViewer(makeLesson(), [makeItem(1, { percentage: 80 }), makeItem(2, { percentage: 81 }), makeItem(3, { locked: true }), makeItem(4, { completed: true, percentage: 20 })]);
    const items = screen.getAllByTestId("lesson-item");
    expect(within(items[0]!).queryByTestId("icon-play")).toBeTruthy();
    expect(within(items[0]!).queryByTestId("icon-done")).toBeNull();
    expect(within(items[1]!).queryByTestId("icon-done")).toBeTruthy();
    expect(within(items[2]!).queryByTestId("icon-locked")).toBeTruthy();
    expect(within(items[3]!).queryByTestId("icon-done")).toBeTruthy();
  });

  it("toggles the bookmark at once, with an Idempotency-Key", async () => {
    const user = userEvent.setup();
    const { calls } = await renderViewer(makeLesson(), three);
    await user.click(screen.getByRole("button", { name: "Ajouter aux favoris" }));
    expect(await screen.findByRole("button", { name: "Retirer des favoris" })).toBeTruthy();
    const post = await waitFor(() => {
      const p = calls.find((c) => c.url.endsWith("/bookmark"));
      expect(p).toBeTruthy();
      return p!;
    });
    expect(post).toMatchObject({ url: "/api/user/subjects/maths/chapters/chapitre-1/contents/lecon-1/bookmark", method: "POST" });
    expect(post?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("LessonViewerScreen — YouTube", () => {
  const youtube = makeLesson({ type: CONTENT_TYPE.youtube, content_videos: { url: "https://www.youtube.com/watch?v=WUvTyaaNkzM", duration: 0 }, otp: null, playbackInfo: null });

  it("embeds the privacy-enhanced player, says it needs the Internet when offline, and posts 100 % on « Marquer comme vu »", async () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const user = userEvent.setup();
    const { calls } = await renderViewer(youtube, three);
    const frame = screen.getByTestId("lesson-youtube");
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/WUvTyaaNkzM?rel=0");
    expect(frame.getAttribute("title")).toBe("Les fonctions dérivées");
    expect(screen.getByText("Cette vidéo nécessite une connexion Internet")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Marquer comme vu" }));
    await waitFor(() => expect(calls.find((c) => c.url === "/svc/progress/progress")?.body).toMatchObject({ contentId: 11, percentage: 100 }));
    online.mockRestore();
  });

  it("a lesson already completed says « Vue » and offers no « Marquer comme vu »", async () => {
    await renderViewer({ ...youtube, progress: { content_id: 11, completed: true, percentage: 100, lastWatchedSecond: 0 } }, three);
    expect(screen.getByTestId("lesson-seen").textContent).toBe("Vue");
    expect(screen.queryByRole("button", { name: "Marquer comme vu" })).toBeNull();
  });
});

describe("LessonViewerScreen — magazine", () => {
  const pages = Array.from({ length: 6 }, (_, i) => ({ url: `/media/m/7/${i + 1}.jpg?otp=o` }));
  const magazine = (rtl: boolean) => makeLesson({ type: CONTENT_TYPE.magazine, content_videos: null, pages, rtl });

  it("turns pages with the buttons and the arrow keys, posting pages seen / pages", async () => {
    const user = userEvent.setup();
    const { calls } = await renderViewer(magazine(false), three);
    const counter = screen.getByTestId("page-counter");
    expect(counter.textContent).toBe("Page 1 / 6");
    expect((screen.getByRole("button", { name: "Page précédente" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(counter.textContent).toBe("Page 2 / 6");
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    expect(counter.textContent).toBe("Page 2 / 6");
    await user.click(screen.getByRole("button", { name: "Page suivante" }));
    expect(counter.textContent).toBe("Page 3 / 6");
    expect(screen.getByTestId("magazine-page").getAttribute("src")).toBe("/media/m/7/3.jpg?otp=o");
    await waitFor(() => {
      const sent = calls.filter((c) => c.url === "/svc/progress/progress").map((c) => (c.body as { percentage: number }).percentage);
      expect(sent).toEqual([16.7, 33.3, 50]);
    });
  });

  it("mirrors the arrow keys for a right-to-left magazine", async () => {
    await renderViewer(magazine(true), three);
    const counter = screen.getByTestId("page-counter");
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(counter.textContent).toBe("Page 1 / 6");
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    expect(counter.textContent).toBe("Page 3 / 6");
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(counter.textContent).toBe("Page 2 / 6");
  });
});

/** Plays the video element from `from` to `to` seconds (timeupdate every 0.25 s), then pauses it. */
function playThenPause(video: HTMLVideoElement, from: number, to: number) {
  let time = from;
  Object.defineProperty(video, "currentTime", { configurable: true, get: () => time, set: (v: number) => (time = v) });
  Object.defineProperty(video, "paused", { configurable: true, get: () => false });
  Object.defineProperty(video, "seeking", { configurable: true, get: () => false });
  for (let s = from; s <= to; s += 0.25) {
    time = s;
    fireEvent(video, new Event("timeupdate"));
  }
  Object.defineProperty(video, "paused", { configurable: true, get: () => true });
  fireEvent(video, new Event("pause"));
}

describe("LessonViewerScreen — protected video", () => {
  it("in lite mode plays the video's lowest-quality rendition, and the full one otherwise or without a rendition", async () => {
    const withLite = makeLesson({ content_videos: { url: "/media/v/11.mp4?otp=o&playbackInfo=p", duration: 600, lite_url: "/media/v/11.lite.mp4?otp=l&playbackInfo=q" } });
    setLiteChoice("on");
    try {
      const first = await renderViewer(withLite, three);
      expect(screen.getByTestId("lesson-video").getAttribute("src")).toBe("/media/v/11.lite.mp4?otp=l&playbackInfo=q");
      first.unmount();
      // No rendition: the video itself, lite or not.
      const second = await renderViewer(makeLesson(), three);
      expect(screen.getByTestId("lesson-video").getAttribute("src")).toBe("/media/v/11.mp4?otp=o&playbackInfo=p");
      second.unmount();
    } finally {
      setLiteChoice("auto");
    }
    await renderViewer(withLite, three);
    expect(screen.getByTestId("lesson-video").getAttribute("src")).toBe("/media/v/11.mp4?otp=o&playbackInfo=p");
  });

  it("plays the signed URL with a title, posts the watched range on pause with the API key, and blocks when free hours are used up", async () => {
    const user = userEvent.setup();
    const { calls, router } = await renderViewer(makeLesson(), three, {
      me: makeMe({ permissions: { freeHours: true } }),
      progress: () => ({ expired: true, percentage: 85, completed: true, lastWatchedSecond: 12 }),
    });
    const video = screen.getByTestId("lesson-video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/media/v/11.mp4?otp=o&playbackInfo=p");
    expect(video.getAttribute("title")).toBe("Les fonctions dérivées");
    expect(video.hasAttribute("controls")).toBe(true);
    const pause = vi.fn();
    video.pause = pause;
    await act(async () => playThenPause(video, 0, 12));
    const post = await waitFor(() => {
      const p = calls.find((c) => c.url === "/svc/progress/progress");
      expect(p).toBeTruthy();
      return p!;
    });
    expect(post.method).toBe("POST");
    expect(post.headers["X-Api-Key"]).toBe("darsi-web-progress");
    expect(post.body).toMatchObject({ contentId: 11, chapterId: 5, subjectId: 2, isFree: true, ranges: [[0, 12]], position: 12, watchedTime: 12 });
    const dialog = await screen.findByRole("dialog", { name: "Vos heures gratuites sont épuisées" }, { timeout: 5000 });
    expect(pause).toHaveBeenCalled();
    // The list item takes the answer's percentage (85 %: done).
    await waitFor(() => expect(within(screen.getAllByTestId("lesson-item")[0]!).queryByTestId("icon-done")).toBeTruthy());
    await user.click(within(dialog).getByRole("button", { name: "Voir les offres" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/offres"));
  });

  it("sends what was watched when the page is hidden and when leaving the lesson", async () => {
    const { calls, unmount } = await renderViewer(makeLesson(), three);
    const video = screen.getByTestId("lesson-video") as HTMLVideoElement;
    let time = 0;
    Object.defineProperty(video, "currentTime", { configurable: true, get: () => time, set: (v: number) => (time = v) });
    Object.defineProperty(video, "paused", { configurable: true, get: () => false });
    const tick = (from: number, to: number) => {
      for (let s = from; s <= to; s += 0.25) {
        time = s;
        fireEvent(video, new Event("timeupdate"));
      }
    };
    const posts = () => calls.filter((c) => c.url === "/svc/progress/progress");
    tick(0, 5);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    fireEvent(document, new Event("visibilitychange"));
    visibility.mockRestore();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ ranges: [[0, 5]] });
    tick(5.25, 9);
    unmount();
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]?.body).toMatchObject({ ranges: [[5, 9]], position: 9 });
  });

  it("keeps a post that failed on the network on the device and sends it, once, before the next one", async () => {
    let fail = true;
    const { calls } = await renderViewer(makeLesson(), three, {
      progress: () => ({ expired: false, percentage: 5, completed: false, lastWatchedSecond: 30 }),
    });
    const video = screen.getByTestId("lesson-video") as HTMLVideoElement;
    // fetch throws: a network failure.
    const original = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input) === "/svc/progress/progress" && fail) {
        calls.push({ url: String(input), method: "POST", headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) });
        throw new TypeError("Failed to fetch");
      }
      return original(input as string, init);
    });
    await act(async () => playThenPause(video, 0, 10));
    await waitFor(() => expect(calls.filter((c) => c.url === "/svc/progress/progress")).toHaveLength(1));
    // Saved on the device: the viewer says so.
    expect(await screen.findByTestId("lesson-sync-status")).toBeTruthy();
    fail = false;
    await act(async () => playThenPause(video, 20, 30));
    await waitFor(() => expect(calls.filter((c) => c.url === "/svc/progress/progress")).toHaveLength(3));
    const posts = calls.filter((c) => c.url === "/svc/progress/progress");
    // The waiting post goes first, with the key of its first attempt (the server applies it once), then the new one.
    expect(posts[1]!.body).toMatchObject({ ranges: [[0, 10]] });
    expect(posts[1]!.headers["Idempotency-Key"]).toBe(posts[0]!.headers["Idempotency-Key"]);
    expect(posts[2]!.body).toMatchObject({ ranges: [[20, 30]], position: 30 });
    expect(posts[2]!.headers["Idempotency-Key"]).not.toBe(posts[0]!.headers["Idempotency-Key"]);
    await waitFor(() => expect(screen.queryByTestId("lesson-sync-status")).toBeNull());
  });
});

describe("LessonViewerScreen — recordings", () => {
  it("lists the recording chapter's contents and links to the recording viewer", async () => {
    const lesson = makeLesson({ type: CONTENT_TYPE.recording, chapter: { id: 6, slug: "seances", name: "Séances", type: "recording" } });
    const calls = mockApi(lesson, three);
    await renderWithProviders(
      <Suspense fallback={null}>
        <LessonViewerScreen kind="recordings" subject="maths" chapter="seances" lesson="lecon-1" />
      </Suspense>,
      { path: "/subjects/maths/chapters/seances/recordings/lecon-1/content" },
    );
    await screen.findByTestId("lesson-title");
    expect(calls.map((c) => c.url)).toContain("/api/chapters-recording/seances/contents?subject=maths");
    expect(screen.getAllByTestId("lesson-item")[1]?.getAttribute("href")).toBe("/subjects/maths/chapters/seances/recordings/lecon-2/content");
    expect(screen.getByTestId("lesson-video")).toBeTruthy();
  });
});
