import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./helpers";
import { ownServer } from "./ownServer";

// This spec runs its own server so that it can really stop it and start it again on the same database (DESIGN §6:
// context.setOffline does not cut service-worker fetches). Same build (dist/), its own port and DATA_DIR.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 57;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = join(tmpdir(), `darsi-e2e-offline-${PORT}`);
const MAGAZINE_TYPE = 3;
const PHONE = { width: 412, height: 823 };
const SHOTS = process.env.OFFLINE_SHOTS;

const own = ownServer(PORT, DATA_DIR);
const startServer = own.start;
const stopServer = own.stop;
const apiLogin = own.login;
const apiGet = own.get;

/** A magazine lesson of the pupil's Mathématiques, open to them and never read: its viewer path and its API path. */
async function unreadMagazine(token: string): Promise<{ viewer: string; api: string }> {
  const { chapters } = await apiGet<{ chapters: Array<{ chapter: { slug: string; type: string } }> }>("/api/student/subjects/mathematiques/chapters", token);
  for (const { chapter } of chapters.filter((c) => c.chapter.type === "course")) {
    const items = await apiGet<Array<{ slug: string; type: { id: number }; percentage: number; locked: boolean }>>(
      `/api/student/subjects/mathematiques/chapters/${chapter.slug}/contents`,
      token,
    );
    const lesson = items.find((i) => i.type.id === MAGAZINE_TYPE && !i.locked && i.percentage === 0);
    if (lesson) {
      return {
        viewer: `/subjects/mathematiques/chapters/${chapter.slug}/lessons/${lesson.slug}/content`,
        api: `/api/student/subjects/mathematiques/chapters/${chapter.slug}/contents/${lesson.slug}`,
      };
    }
  }
  throw new Error("no unread magazine lesson for the Gold pupil");
}

/**
 * A flapping connection between the browser and the server: a TCP proxy that, when down, cuts every open connection
 * (requests in flight fail half-way) and refuses new ones, like a phone losing and finding its network.
 */
function flappingLink(listenPort: number, targetPort: number) {
  const open = new Set<Socket>();
  let up = true;
  const proxy = createServer((client) => {
    if (!up) return void client.destroy();
    const upstream = connect(targetPort, "127.0.0.1");
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        for (const other of pair) {
          other.destroy();
          open.delete(other);
        }
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    start: () => new Promise<void>((resolve) => proxy.listen(listenPort, resolve)),
    set(value: boolean) {
      up = value;
      if (!value) for (const socket of open) socket.destroy();
    },
    stop: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** The tab starts signed in as `session` (once: a logout later in the test stays a logout). */
async function signedInOnce(page: Page, session: { token: string; expires_at: string }): Promise<void> {
  await page.addInitScript(
    ({ token, expires }) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("token", token);
      localStorage.setItem("expires_at", expires);
    },
    { token: session.token, expires: session.expires_at },
  );
}

/** What this origin keeps on the device: localStorage keys, IndexedDB rows per table, CacheStorage entries, persisted answers. */
async function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const idb: Record<string, number> = {};
    const open = indexedDB.open("darsi");
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const name of Array.from(db.objectStoreNames)) {
      const req = db.transaction(name).objectStore(name).count();
      idb[name] = await new Promise<number>((resolve) => (req.onsuccess = () => resolve(req.result)));
    }
    db.close();
    const cacheEntries: Record<string, number> = {};
    for (const name of await caches.keys()) cacheEntries[name] = (await (await caches.open(name)).keys()).length;
    // The pupil's answers: TanStack's persisted query cache, one key per pupil.
    const persisted = Object.keys(localStorage)
      .filter((k) => k.startsWith("darsi:queries:"))
      .reduce((n, k) => n + ((JSON.parse(localStorage.getItem(k) ?? "{}") as { clientState?: { queries?: unknown[] } }).clientState?.queries?.length ?? 0), 0);
    return { localStorage: Object.keys(localStorage), idb, cacheEntries, persisted };
  });
}

/** The top bar and the page fit the phone's width: nothing scrolls sideways, nothing sticks out of the bar. */
async function expectFitsPhone(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const header = document.querySelector("header");
    const overflow = header ? Array.from(header.querySelectorAll("*")).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1);
    }).length : -1;
    return { page: document.documentElement.scrollWidth, header: header?.scrollWidth ?? 0, overflow };
  });
  expect(widths.page).toBeLessThanOrEqual(PHONE.width);
  expect(widths.header).toBeLessThanOrEqual(PHONE.width);
  expect(widths.overflow).toBe(0);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
}

/** An exam of the pupil whose subject files are open to them (started or past due), starting one when none is. */
async function examWithFiles(token: string): Promise<{ id: number; file: string } | null> {
  type Detail = { exam: Array<{ url: string | null }>; homework: Array<{ url: string | null }> };
  const list = await apiGet<Array<{ id: number; state: string }>>("/api/student/content-exam", token);
  const fileOf = async (id: number) => {
    const d = await apiGet<Detail>(`/api/student/content-exam/${id}`, token);
    return [...d.exam, ...d.homework].find((f) => f.url !== null)?.url ?? null;
  };
  for (const e of list) {
    const file = await fileOf(e.id);
    if (file) return { id: e.id, file };
  }
  const open = list.find((e) => e.state === "not_started");
  if (!open) return null;
  await fetch(`${BASE}/api/student/content-exam-student-time-limitation`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ contentExam: open.id }),
  });
  const file = await fileOf(open.id);
  return file ? { id: open.id, file } : null;
}

test.describe("offline-first", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ baseURL: BASE });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await own.startFresh();
  });

  test.afterAll(async () => {
    await own.dispose();
  });

  test("with the server stopped, subjects and an opened lesson render from the device; work made offline reaches the server once when it returns; logout leaves nothing", async ({ page }) => {
    test.setTimeout(180_000);
    const session = await apiLogin("22000001");
    const { viewer: MAGAZINE, api: MAGAZINE_API } = await unreadMagazine(session.token);
    await signedInOnce(page, session);

    // Online: the pupil opens the subjects, then a magazine lesson; the service worker takes control.
    await page.goto("/subjects");
    await expect(page.getByRole("link", { name: /Mathématiques/ }).first()).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto("/subjects/mathematiques/details");
    await expect(page.getByRole("heading", { name: /Mathématiques/ }).first()).toBeVisible();
    await page.goto(MAGAZINE);
    await expect(page.locator("img[src*='/media/magazines/']")).toBeVisible();
    await expect(page.getByText(/1 \/ \d/)).toBeVisible();
    await expect.poll(async () => (await deviceContents(page)).persisted).toBeGreaterThanOrEqual(4);
    const before = await apiGet<{ bookmarked: boolean; progress?: { percentage: number } }>(MAGAZINE_API, session.token);
    const [pressLabel, pressedLabel] = before.bookmarked ? ["Retirer des favoris", "Ajouter aux favoris"] : ["Ajouter aux favoris", "Retirer des favoris"];

    // The connection drops: the server is gone.
    await stopServer();
    await page.goto("/subjects");
    await expect(page.getByRole("link", { name: /Mathématiques/ }).first()).toBeVisible();
    // The app's own screen, from the persisted query cache: a tap on a subject card navigates.
    await page.getByRole("link", { name: /Mathématiques/ }).first().click();
    await expect(page).toHaveURL(/\/subjects\/mathematiques\/details/);
    await expect(page.getByRole("heading", { name: /Mathématiques/ }).first()).toBeVisible();
    await expect(page.locator("[data-page-offline]")).toHaveCount(0);
    // A page never opened on this device: the app's own offline state, with the pages the device has, never the error page.
    await page.goto("/liste-de-favoris");
    await expect(page.getByRole("heading", { name: "Disponible quand vous serez de nouveau en ligne" })).toBeVisible();
    await expect(page.getByText("Oops! Something went wrong")).toHaveCount(0);
    const available = page.getByTestId("offline-available");
    await expect(available.getByRole("link", { name: "Matières" })).toBeVisible();
    await expect(available.getByRole("link", { name: /Mathématiques/ })).toBeVisible();
    await available.getByRole("link", { name: "Matières" }).click();
    await expect(page).toHaveURL(/\/subjects$/);
    await expect(page.getByRole("link", { name: /Mathématiques/ }).first()).toBeVisible();
    await page.goto(MAGAZINE);
    await expect(page.getByText(/1 \/ \d/)).toBeVisible();
    await expect(page.getByTestId("offline-status")).toContainText("Hors ligne");

    // Offline work: a page turned (progress) and a bookmark. Both stay on the device.
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(/2 \/ \d/)).toBeVisible();
    await page.getByRole("button", { name: pressLabel }).click();
    await expect(page.getByRole("button", { name: pressedLabel })).toBeVisible();
    await expect(page.getByTestId("lesson-sync-status")).toBeVisible();
    await expect.poll(async () => (await deviceContents(page)).idb.outbox).toBeGreaterThanOrEqual(2);

    // The server comes back: the outbox is replayed by itself, in order, once.
    await startServer();
    await expect.poll(async () => (await deviceContents(page)).idb.outbox, { timeout: 60_000 }).toBe(0);
    await expect(page.getByTestId("lesson-sync-status")).toHaveCount(0);
    const after = await apiGet<{ bookmarked: boolean; progress?: { percentage: number } }>(MAGAZINE_API, session.token);
    // One press applied once: the state flipped (applied twice, it would be back where it was).
    expect(after.bookmarked).toBe(!before.bookmarked);
    expect(after.progress?.percentage ?? 0).toBeGreaterThan(before.progress?.percentage ?? 0);
    // A reload replays nothing more: the state stays flipped.
    await page.reload();
    await expect(page.getByRole("button", { name: pressedLabel })).toBeVisible();
    expect((await apiGet<{ bookmarked: boolean }>(MAGAZINE_API, session.token)).bookmarked).toBe(!before.bookmarked);

    // Logout on a shared tablet: nothing of this pupil stays on the device (there was: the persisted answers).
    expect((await deviceContents(page)).localStorage.filter((k) => k.startsWith("darsi:queries:"))).not.toEqual([]);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Déconnecter" }).click();
    await expect(page).toHaveURL(/\/login/);
    const left = await deviceContents(page);
    expect(left.localStorage.filter((k) => ["token", "token_type", "expires_at", "user", "admin_user_id"].includes(k) || k.startsWith("darsi:"))).toEqual([]);
    // The outbox database holds the outbox, the worker's token copy, a class tablet's sealed items and the homework files
    // waiting to be sent, nothing else (no answers table any more), all empty.
    expect(left.idb).toEqual({ outbox: 0, auth: 0, sealed: 0, homework: 0 });
    expect(Object.entries(left.cacheEntries).filter(([name]) => !name.includes("precache"))).toEqual([]);
    // The old token is dead on the server too.
    expect((await fetch(`${BASE}/api/auth/me`, { headers: { Authorization: `Bearer ${session.token}` } })).status).toBe(401);
  });
  for (const locale of ["fr", "ar"] as const) {
    test(`on the bus (${locale}, 412 px): the screens the pupil opened render from the device with the availability badge; actions needing the network say so at once; the top bar fits`, async ({ page, context }) => {
      test.setTimeout(420_000);
      await page.setViewportSize(PHONE);
      const session = await apiLogin("22000001");
      await signedInOnce(page, session);
      await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
      await page.addLocatorHandler(page.getByTestId("popup-close"), async (button) => {
        await button.click();
      });
      const exam = await examWithFiles(session.token);
      const notifications = await apiGet<unknown[]>("/api/student/notifications", session.token).catch(() => []);

      // Online: the pupil opens each screen once (and the service worker takes control).
      await page.goto("/porte-monnaie");
      await expect(page.getByTestId("wallet-balance-value")).toBeVisible();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const screens = ["/porte-monnaie", "/offres", "/exams", ...(exam ? [`/exams/${exam.id}`] : []), "/sessions", "/mon-profil", "/historique", "/reports"];
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        // The persisted cache saves at most once a second.
        await page.waitForTimeout(1_200);
      }
      await page.getByTestId("notifications-button").click();
      await expect(page.getByTestId("notifications-menu")).toBeVisible();
      if (notifications.length > 0) await expect(page.getByTestId("notification-item").first()).toBeVisible();
      await page.keyboard.press("Escape");
      await page.waitForTimeout(1_200);
      if (exam) {
        // The opened exam's subject files were kept on the device.
        await expect.poll(async () => Object.entries((await deviceContents(page)).cacheEntries).filter(([n]) => n.startsWith("darsi-kept-")).reduce((a, [, c]) => a + c, 0)).toBeGreaterThan(0);
      }

      // The network is gone (and the server with it).
      await stopServer();
      await context.setOffline(true);
      try {
        for (const path of screens) {
          await page.goto(path);
          await expect(page.getByTestId("availability-badge").first(), path).toBeVisible();
          await expect(page.locator("[data-page-offline]"), path).toHaveCount(0);
          await expect(page.getByTestId("offline-status")).toBeVisible();
          await expectFitsPhone(page);
        }
        // The wallet: the balance and the statement, each with its badge; a top-up says at once it needs a connection.
        await page.goto("/porte-monnaie");
        await expect(page.getByTestId("balance-availability")).toBeVisible();
        await expect(page.getByTestId("wallet-balance-value")).toBeVisible();
        // Card and D17 come with the deployment's config, which needs the server: the bank transfer is always offered.
        await page.getByTestId("method-bank").click();
        await expect(page.getByTestId("needs-connection")).toBeVisible();
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await shot(page, `wallet-offline-${locale}`);
        expect(await axeViolations(page)).toEqual([]);

        // The offers are read-only: buying says it needs a connection before anything starts.
        await page.goto("/offres");
        // The last card's button, far down a phone's list: the notice above the list is brought into view.
        const buy = page.locator("[data-testid^='buy-']:not([disabled]):not([data-disabled])").last();
        if (await buy.count()) {
          await buy.click();
          await expect(page.getByTestId("needs-connection")).toBeVisible();
          await expect(page.getByTestId("needs-connection")).toBeInViewport();
          await expect(page.getByTestId("needs-connection").getByRole("button")).toBeVisible();
          await expect(page.getByRole("dialog")).toHaveCount(0);
        }
        await shot(page, `offers-offline-${locale}`);
        expect(await axeViolations(page)).toEqual([]);

        // The exam list, never a network error with "Voir les offres".
        await page.goto("/exams");
        await expect(page.getByRole("main").locator("a[href='/offres']")).toHaveCount(0);
        await shot(page, `exams-offline-${locale}`);
        expect(await axeViolations(page)).toEqual([]);
        if (exam) {
          await page.goto(`/exams/${exam.id}`);
          await expect(page.getByTestId("exam-file").first()).toBeVisible();
          // Its subject file opens from the device.
          const status = await page.evaluate(async (url) => (await fetch(url)).status, exam.file);
          expect(status).toBe(200);
          await shot(page, `exam-offline-${locale}`);
          expect(await axeViolations(page)).toEqual([]);
        }

        await page.goto("/sessions");
        await shot(page, `sessions-offline-${locale}`);
        expect(await axeViolations(page)).toEqual([]);

        // Notifications from the device too.
        if (notifications.length > 0) {
          await page.getByTestId("notifications-button").click();
          await expect(page.getByTestId("notifications-availability")).toBeVisible();
          await expect(page.getByTestId("notification-item").first()).toBeVisible();
          await expectFitsPhone(page);
          await page.keyboard.press("Escape");
        }
      } finally {
        await context.setOffline(false);
        await startServer();
      }
    });
  }

  test("stored markup written into localStorage (the old last-screen keys) is never injected, and is deleted at start", async ({ page }) => {
    const session = await apiLogin("22000001");
    await signedInOnce(page, session);
    const sub = JSON.parse(Buffer.from(session.token.split(".")[1]!, "base64url").toString()).sub as string;
    const markup = '<div id="injected">Injected</div><img src="/nothing.png" onerror="window.__injected = 1"><script>window.__injected = 2</script>';
    await page.addInitScript(
      ({ sub, markup }) => {
        if (sessionStorage.getItem("planted")) return;
        sessionStorage.setItem("planted", "1");
        const build = "any";
        localStorage.setItem(`darsi:snap:${sub}`, JSON.stringify(["/subjects"]));
        localStorage.setItem(`darsi:snap:${sub}:/subjects`, JSON.stringify({ b: build, l: "fr", t: Date.now(), css: ["/x.css"], h: markup }));
        localStorage.setItem(`darsi:snap:${sub}:/`, JSON.stringify({ b: build, l: "fr", t: Date.now(), css: [], h: markup }));
      },
      { sub, markup },
    );
    await page.goto("/subjects");
    await expect(page.getByRole("link", { name: /Mathématiques/ }).first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    await expect(page.locator("#injected, #snapshot, img[src='/nothing.png']")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-snapshot"))).toBe(false);
    // The keys are gone: nothing is left for a later start either.
    expect((await deviceContents(page)).localStorage.filter((k) => k.startsWith("darsi:snap:"))).toEqual([]);
    await page.reload();
    await expect(page.getByRole("link", { name: /Mathématiques/ }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  });

  test("on a flapping connection, progress and bookmark presses reach the server exactly once", async ({ page }) => {
    test.setTimeout(180_000);
    const link = flappingLink(PORT + 1, PORT);
    await link.start();
    try {
      const LINK = `http://localhost:${PORT + 1}`;
      const session = await apiLogin("22000001");
      const { viewer, api } = await unreadMagazine(session.token);
      await signedInOnce(page, session);
      await page.goto(`${LINK}${viewer}`);
      await expect(page.getByText(/1 \/ \d/)).toBeVisible();
      const before = await apiGet<{ bookmarked: boolean; progress?: { percentage: number } }>(api, session.token);
      const labels = ["Ajouter aux favoris", "Retirer des favoris"];
      let bookmarked = before.bookmarked;

      // Three flaps: each time the link drops, the pupil turns a page and presses the bookmark; it comes back a moment
      // later. Three presses: the bookmark ends flipped, if each is applied once.
      let pageNo = 1;
      for (let flap = 0; flap < 3; flap++) {
        link.set(false);
        await page.keyboard.press("ArrowRight");
        await expect(page.getByText(new RegExp(`${++pageNo} / \\d`))).toBeVisible();
        await page.getByRole("button", { name: labels[bookmarked ? 1 : 0] }).click();
        bookmarked = !bookmarked;
        await expect(page.getByRole("button", { name: labels[bookmarked ? 1 : 0] })).toBeVisible();
        await page.waitForTimeout(1_000);
        link.set(true);
        await page.waitForTimeout(1_500);
      }

      // Connected again: everything waiting leaves, once.
      await expect.poll(async () => (await deviceContents(page)).idb.outbox, { timeout: 90_000 }).toBe(0);
      const after = await apiGet<{ bookmarked: boolean; progress?: { percentage: number } }>(api, session.token);
      expect(after.bookmarked).toBe(!before.bookmarked);
      expect(after.progress?.percentage ?? 0).toBeGreaterThan(before.progress?.percentage ?? 0);
      // Nothing is left to replay: a reload changes nothing on the server.
      await page.reload();
      await expect(page.getByRole("button", { name: labels[bookmarked ? 1 : 0] })).toBeVisible();
      await page.waitForTimeout(1_000);
      expect((await apiGet<{ bookmarked: boolean }>(api, session.token)).bookmarked).toBe(!before.bookmarked);
    } finally {
      link.set(false);
      await link.stop();
    }
  });
});
