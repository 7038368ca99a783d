/**
 * Shared-tablet class mode (issue 23) as a class uses it: an operator's one-time code turns the browser into a class
 * tablet, two pupils sign in one after the other (the first time with their password and a new PIN, then with the PIN
 * alone), and after each switch nothing of the previous pupil is left in the page or in storage. Axe finds nothing on
 * the tablet's screens in French and Arabic, at a tablet's size (800×1280) and a phone's (412×823).
 */
import { randomUUID } from "node:crypto";
import { deflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, apiSession, axeViolations, registerVerifiedPupil } from "./helpers";
import {
  BAC_MATH,
  CLASS,
  PASSWORD,
  PHONE,
  TABLET,
  enableTablet,
  signInWithPassword,
  signInWithPin,
  storedText,
  switchPupil,
  tabletCode,
  uniqueLastName,
} from "./tablet-helpers";

/** A real PNG (a plain square of one colour), for a pupil's photo. */
function squarePng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

test.describe("class tablet", () => {
  test("turned on with a code; two pupils in turn with their PINs, the second sees nothing of the first", async ({ page }) => {
    test.setTimeout(120_000);
    const first = { name: "Amira", lastName: uniqueLastName("Tab") };
    const second = { name: "Bilel", lastName: uniqueLastName("Tab") };
    await registerVerifiedPupil(page.request, { ...first, division: CLASS });
    await registerVerifiedPupil(page.request, { ...second, division: CLASS });
    const firstName = `${first.name} ${first.lastName}`;
    const secondName = `${second.name} ${second.lastName}`;

    await page.setViewportSize(TABLET);
    await page.goto("/tablette");
    await page.getByLabel("Code d'activation").fill("WRONG123");
    await page.getByRole("button", { name: "Activer la tablette" }).click();
    await expect(page.getByRole("alert")).toContainText("Code de tablette incorrect");
    await page.getByLabel("Code d'activation").fill(await tabletCode(page.request));
    await page.getByRole("button", { name: "Activer la tablette" }).click();
    await expect(page.getByRole("heading", { name: "Qui es-tu ?" })).toBeVisible();
    expect(await storedText(page)).not.toContain(PASSWORD);

    // The first pupil: password and a new PIN, then their own app with their name in view.
    await signInWithPassword(page, firstName, first.lastName, "2468");
    await expect(page).toHaveURL(/\/$/);
    const firstToken = await page.evaluate(() => localStorage.getItem("token"));
    expect(firstToken).toBeTruthy();
    await switchPupil(page);
    const afterFirst = await storedText(page);
    expect(afterFirst).not.toContain(firstToken!);
    expect(afterFirst).not.toContain(first.lastName);
    expect(afterFirst).not.toContain("2468");

    // The second pupil sees only themself.
    await signInWithPassword(page, secondName, second.lastName, "1357");
    await expect(page.getByText(firstName)).toHaveCount(0);
    const afterSecondIn = await storedText(page);
    expect(afterSecondIn).not.toContain(first.lastName);
    expect(afterSecondIn).not.toContain(firstToken!);
    await switchPupil(page);

    // The first pupil again: the PIN alone.
    await page.getByLabel("Chercher mon nom").fill(first.lastName);
    await page.getByRole("button", { name: firstName }).click();
    const dialog = page.getByRole("dialog", { name: firstName });
    await dialog.getByLabel("Chiffre 1 du code PIN").click();
    await page.keyboard.type("2468");
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(firstName);
    await expect(page.getByText(secondName)).toHaveCount(0);
    expect(await storedText(page)).not.toContain(second.lastName);
  });

  test("unsent work is sealed for its pupil at the switch, unreadable by the next, and sent once under its pupil at their next sign-in", async ({ page }) => {
    test.setTimeout(150_000);
    // Pupil A: the Gold demo pupil (Bac Mathématiques, the lesson is open to her); pupil B: a new pupil of her class.
    const A = "Yasmine Ben Salah";
    const b = { name: "Bilel", lastName: uniqueLastName("Vault") };
    const bAccount = await registerVerifiedPupil(page.request, { ...b, division: BAC_MATH });
    const bFull = `${b.name} ${b.lastName}`;
    // B has a photo: the grid shows it (fetched as the tablet); A has none: her initials.
    const photo = await page.request.post("/api/user/avatar", {
      headers: { Authorization: `Bearer ${bAccount.token}` },
      multipart: { imageFile: { name: "photo.png", mimeType: "image/png", buffer: squarePng(64, [38, 140, 120]) } },
    });
    expect(photo.status(), await photo.text()).toBe(201);
    const lessonSlug = "fiche-de-synthese";
    const lessonApi = `/api/student/subjects/mathematiques/chapters/integrales/contents/${lessonSlug}`;
    const own = await apiSession(page.request, "eleve@darsi.tn");
    const bookmarked = async () =>
      ((await (await page.request.get(lessonApi, { headers: { Authorization: `Bearer ${own.token}` } })).json()) as { payload: { bookmarked: boolean } }).payload.bookmarked;
    const before = await bookmarked();

    await page.setViewportSize(TABLET);
    await enableTablet(page, BAC_MATH);
    await signInWithPassword(page, A, "Yasmine", "8642", DEMO_PASSWORD);
    await page.goto(`/subjects/mathematiques/chapters/integrales/lessons/${lessonSlug}/content`);
    const labels = ["Ajouter aux favoris", "Retirer des favoris"];
    await expect(page.getByRole("button", { name: labels[before ? 1 : 0] })).toBeVisible();

    // The network drops for the outbox's sends (the page's and the service worker's): the press stays on the device.
    await page.context().route("**/bookmark", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: labels[before ? 1 : 0] }).click();
    await expect(page.getByRole("button", { name: labels[before ? 0 : 1] })).toBeVisible();
    const clear = await storedText(page);
    expect(clear).toContain(`${lessonSlug}/bookmark`);
    expect(clear).toContain('"kind":"bookmark"');

    // The switch: what A left is sealed; the grid counts it in clear next to her name, and nothing of it is readable.
    await switchPupil(page);
    await page.getByLabel("Chercher mon nom").fill("Yasmine");
    await expect(page.getByRole("button", { name: A })).toContainText(/\d+ envois? en attente/);
    await page.screenshot({ path: "test-results/tablet-vault-grid-fr-tablet.png" });
    const sealed = await storedText(page);
    expect(sealed).not.toContain(`${lessonSlug}/bookmark`);
    expect(sealed).not.toContain('"kind":"bookmark"');

    // B's photo on the grid.
    await page.getByLabel("Chercher mon nom").fill(b.lastName);
    await expect(page.getByRole("button", { name: bFull }).getByTestId("tablet-pupil-photo").locator("img")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/tablet-grid-photo-fr-tablet.png" });

    // B signs in and works: nothing of A's items in clear anywhere.
    await signInWithPassword(page, bFull, b.lastName, "1357");
    const duringB = await storedText(page);
    // (The lesson itself may be in B's own lists: what must not be readable is A's item.)
    expect(duringB).not.toContain(`${lessonSlug}/bookmark`);
    expect(duringB).not.toContain('"kind":"bookmark"');
    expect(duringB).not.toContain("Ben Salah");
    await switchPupil(page);

    // The network is back; A signs in with her PIN: her press reaches the server under her identity, once.
    await page.context().unroute("**/bookmark");
    await signInWithPin(page, A, "Yasmine", "8642");
    await expect.poll(bookmarked, { timeout: 20_000 }).toBe(!before);
    await switchPupil(page);
    await page.getByLabel("Chercher mon nom").fill("Yasmine");
    await expect(page.getByRole("button", { name: A })).toBeVisible();
    await expect(page.getByRole("button", { name: A })).not.toContainText("en attente");
    // Applied once: a second application would have flipped it back.
    expect(await bookmarked()).toBe(!before);
    // Put the demo pupil's bookmark back as it was for the other specs.
    await page.request.post(`/api/user/subjects/mathematiques/chapters/integrales/contents/${lessonSlug}/bookmark`, {
      headers: { Authorization: `Bearer ${own.token}`, "Idempotency-Key": randomUUID() },
      data: { chapter: "integrales", content: lessonSlug },
    });
  });

  // A running exam's hold: tests/e2e/tablet-class.spec.ts.
  test("the idle lock returns to the grid after the tablet's minutes, never on an unanswered quiz; the pupil comes back where they were", async ({ page }) => {
    test.setTimeout(150_000);
    const A = "Yasmine Ben Salah";
    const QUIZ_LESSON = "/subjects/mathematiques/chapters/integrales/lessons/qcm-d-auto-evaluation/content";
    const MAGAZINE_LESSON = "/subjects/mathematiques/chapters/integrales/lessons/fiche-de-synthese/content";

    await page.clock.install();
    await page.setViewportSize(TABLET);
    await enableTablet(page, BAC_MATH); // the default idle lock: 10 minutes
    await signInWithPassword(page, A, "Yasmine", "1593", DEMO_PASSWORD);
    const idleFor = async (mmss: string) => {
      await page.clock.fastForward(mmss);
      await page.clock.runFor(6_000); // the lock looks every 5 s
    };

    // An unanswered quiz keeps its pupil.
    await page.goto(QUIZ_LESSON);
    await expect(page.getByTestId("quiz-question").first()).toBeVisible();
    await idleFor("11:00");
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(new RegExp(`${QUIZ_LESSON}$`));
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(A);

    // A lesson without a quiz: 9 minutes are not enough, 10 are.
    await page.goto(MAGAZINE_LESSON);
    await expect(page.getByTestId("tablet-pupil-bar")).toContainText(A);
    await idleFor("09:00");
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId("tablet-pupil-bar")).toBeVisible();
    await idleFor("01:10");
    await expect(page).toHaveURL(/\/tablette$/);
    await expect(page.getByRole("heading", { name: "Qui es-tu ?" })).toBeVisible();

    // She comes back: her PIN, and she is where she was.
    await signInWithPin(page, A, "Yasmine", "1593");
    await expect(page).toHaveURL(new RegExp(`${MAGAZINE_LESSON}$`));
  });

  for (const locale of ["fr", "ar"] as const) {
    for (const [label, size] of [["tablet", TABLET], ["phone", PHONE]] as const) {
      test(`axe finds nothing on the tablet's screens in ${locale} at ${label} size`, async ({ page }) => {
        await registerVerifiedPupil(page.request, { name: "Salma", lastName: uniqueLastName("Axe"), division: CLASS });
        await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
        await page.setViewportSize(size);
        await page.goto("/tablette");
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        await expect(page.getByRole("textbox")).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `test-results/tablet-code-${locale}-${label}.png` });
        await page.getByRole("textbox").fill(await tabletCode(page.request));
        await page.getByRole("button").filter({ hasText: locale === "ar" ? "تفعيل اللوحة" : "Activer la tablette" }).click();
        await expect(page.getByTestId("tablet-pupil").first()).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `test-results/tablet-grid-${locale}-${label}.png` });
        await page.getByTestId("tablet-pupil").first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `test-results/tablet-pin-${locale}-${label}.png` });
      });
    }
  }
});
