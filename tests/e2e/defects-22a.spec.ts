/**
 * The smaller defects of issue 22 item 7 (part A), at phone size (412 × 823) in French and Arabic, in a browser whose
 * own locale is en-US (so that nothing falls back to the browser's formats): the week buttons of /exams-calendar fit
 * the screen; the notifications menu keeps "Tout marquer comme lu" on one line and cuts bodies at 25 characters on a
 * phone, 50 on a wide screen, at a word boundary; the profile form shows the birth date as dd/mm/yyyy; an institute
 * list left empty by the chosen delegation says so; a required select keeps its option when it is clicked again; the
 * class-change requests fit a phone. axe (WCAG 2.2 AA) on each screen.
 *
 * Run alone with its own server: E2E_PORT=3213 npx playwright test tests/e2e/defects-22a.spec.ts
 * DEFECTS_SHOTS=<folder> keeps screenshots (phone and 1280 × 800) for review.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations, registerVerifiedPupil, signInAs } from "./helpers";

const PHONE = { width: 412, height: 823 };
const WIDE = { width: 1280, height: 800 };
const SHOTS = process.env.DEFECTS_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
}

/** `el` lies inside the viewport's width and its text is not cut by its own box. */
async function expectWhole(page: Page, el: Locator, what: string) {
  const box = await el.boundingBox();
  expect(box, what).not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width + 0.5);
  const clipped = await el.evaluate((node) => [node, ...node.querySelectorAll("*")].some((n) => n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== "visible"));
  expect(clipped, `${what}: text cut`).toBe(false);
}

const TEXT = {
  fr: {
    next: "Semaine suivante",
    markAll: "Tout marquer comme lu",
    state: /^Gouvernorat/,
    delegation: /^Délégation/,
    institute: /^Établissement/,
    noInstitute: "Aucun établissement",
    stateName: "Ariana",
    delegationName: "Ettadhamen",
    classTitle: "Demander un changement de classe",
    newClass: /^Nouvelle classe/,
    reason: /^Motif/,
    send: "Envoyer la demande",
    sent: "Votre demande de changement de classe a été envoyée",
  },
  ar: {
    next: "الأسبوع التالي",
    markAll: "تعليم الكل كمقروء",
    state: /^الولاية/,
    delegation: /^المعتمدية/,
    institute: /^المؤسسة التربوية/,
    noInstitute: "لا توجد مؤسسة تربوية",
    stateName: "أريانة",
    delegationName: "التضامن",
    classTitle: "طلب تغيير القسم",
    newClass: /^القسم الجديد/,
    reason: /^السبب/,
    send: "إرسال الطلب",
    sent: "تم إرسال طلب تغيير القسم",
  },
} as const;

let phoneN = Math.floor(Math.random() * 100_000);
const freshPhone = () => `9${String(6_000_000 + ((phoneN += 1) % 900_000)).padStart(7, "0")}`;

/** The input of a Mantine Select (its listbox carries the same label). */
const selectInput = (scope: Page | Locator, label: RegExp) => scope.locator("input:not([type=hidden])").and(scope.getByLabel(label));

async function pick(page: Page, scope: Page | Locator, label: RegExp, option: RegExp | string) {
  await selectInput(scope, label).click();
  await page.getByRole("option", { name: option }).first().click();
}

for (const locale of ["fr", "ar"] as const) {
  const T = TEXT[locale];
  test.describe(`issue 22 item 7, part A (${locale})`, () => {
    test.use({ viewport: PHONE, locale: "en-US" });
    test.beforeEach(async ({ page }) => {
      // The notifications' pop-up of the week may open over any page: close it when it shows.
      await page.addLocatorHandler(page.getByTestId("popup-close"), (button) => button.click());
    });

    test("/exams-calendar: the three week buttons fit a phone, whole", async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await page.goto("/exams-calendar");
      await expect(page.getByTestId("exam-week")).toBeVisible();
      await page.getByRole("button", { name: T.next }).click();
      const buttons = page.getByTestId("week-nav").getByRole("button");
      await expect(buttons).toHaveCount(3);
      for (const b of await buttons.all()) await expectWhole(page, b, `${await b.textContent()}`);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `calendar-${locale}`);
    });

    test("notifications: 'mark all' on one line; bodies cut at 25 on a phone, 50 on a wide screen, between words", async ({ page }) => {
      await signInAs(page, "eleve@darsi.tn", locale);
      await page.goto("/subjects");
      const check = async (max: number) => {
        await page.getByTestId("notifications-button").click();
        const menu = page.getByTestId("notifications-menu");
        await expect(menu.getByTestId("notification-item").first()).toBeVisible();
        const markAll = menu.getByTestId("mark-all-read");
        await expectWhole(page, markAll, "mark all");
        expect((await markAll.boundingBox())!.height).toBeLessThanOrEqual(44.5);
        await expect(markAll).toHaveText(T.markAll);
        // Never drawn over the title.
        const title = (await menu.locator("#notifications-menu-title").boundingBox())!;
        const button = (await markAll.boundingBox())!;
        const apart = button.y >= title.y + title.height || title.x + title.width <= button.x || button.x + button.width <= title.x;
        expect(apart, "mark all overlaps the title").toBe(true);
        const bodies = menu.locator("[data-testid=notification-item] [title]");
        let cut = 0;
        for (const body of await bodies.all()) {
          const full = (await body.getAttribute("title"))!;
          const shown = (await body.textContent())!.replace(/[\u2066-\u2069]/g, "");
          if (shown === full.replace(/[\u2066-\u2069]/g, "")) continue;
          cut += 1;
          expect(shown.endsWith("…"), shown).toBe(true);
          const kept = shown.slice(0, -1);
          expect(Array.from(kept).length, shown).toBeLessThanOrEqual(max);
          // Between words: what is kept is the start of the full body, followed there by a space.
          const plain = full.replace(/[\u2066-\u2069]/g, "");
          expect(plain.startsWith(kept), shown).toBe(true);
          expect(plain.charAt(kept.length), shown).toMatch(/\s/);
          if (max === 50) expect(Array.from(kept).length, shown).toBeGreaterThan(25);
        }
        expect(cut).toBeGreaterThan(0);
        return menu;
      };
      const menu = await check(25);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `notifications-${locale}`);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await page.setViewportSize(WIDE);
      await check(50);
      await page.setViewportSize(PHONE);
    });

    test("profile form: birth date dd/mm/yyyy; an empty institute list says so; a required select keeps its option", async ({ page }) => {
      const { token } = await registerVerifiedPupil(page.request, { name: "Sami", lastName: "Defaut", phone: freshPhone() });
      await page.addInitScript(
        ([t, l]) => {
          if (!localStorage.getItem("token")) localStorage.setItem("token", t);
          localStorage.setItem("locale", l);
        },
        [token, locale] as const,
      );
      await page.goto("/mon-profil/edit");
      // registerVerifiedPupil registers a pupil born on 03/03/2008.
      await expect(page.getByTestId("birth-date")).toHaveValue("03/03/2008");

      await pick(page, page, T.state, T.stateName);
      await pick(page, page, T.delegation, T.delegationName);
      // No empty list to open: the field says there is none.
      await expect(selectInput(page, T.institute)).toHaveAttribute("placeholder", T.noInstitute);
      await expect(selectInput(page, T.institute)).toBeDisabled();
      expect(await axeViolations(page)).toEqual([]);
      await selectInput(page, T.institute).scrollIntoViewIfNeeded();
      await shot(page, `institute-empty-${locale}`);

      // The governorate (required in Tunisia), its option clicked again: still chosen.
      await pick(page, page, T.state, T.stateName);
      await expect(selectInput(page, T.state)).toHaveValue(T.stateName);
    });

    test("class change: the chosen class stays when clicked again; the requests fit a phone", async ({ page }) => {
      const { token } = await registerVerifiedPupil(page.request, { name: "Sami", lastName: "Classe", phone: freshPhone() });
      await page.addInitScript(
        ([t, l]) => {
          if (!localStorage.getItem("token")) localStorage.setItem("token", t);
          localStorage.setItem("locale", l);
        },
        [token, locale] as const,
      );
      await page.goto("/mon-profil");
      await page.getByTestId("class-change").click();
      const dialog = page.getByRole("dialog", { name: T.classTitle });
      await pick(page, dialog, T.newClass, /.+/);
      const chosen = await selectInput(dialog, T.newClass).inputValue();
      expect(chosen).not.toBe("");
      await pick(page, dialog, T.newClass, chosen);
      await expect(selectInput(dialog, T.newClass)).toHaveValue(chosen);
      await pick(page, dialog, T.reason, /.+/);
      await dialog.getByRole("button", { name: T.send }).click();
      await expect(page.getByText(T.sent)).toBeVisible();
      const list = page.getByTestId("class-changes");
      await expect(list).toBeVisible();
      for (const row of await page.getByTestId("class-changes-row").all()) await expectWhole(page, row, "class-change request");
      expect(await axeViolations(page)).toEqual([]);
      await list.scrollIntoViewIfNeeded();
      await shot(page, `class-changes-${locale}`);
    });
  });
}
