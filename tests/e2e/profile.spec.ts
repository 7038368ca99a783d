/**
 * The pupil's profile (issue 12 items 1–4) at phone size (412 × 823), in French and Arabic: a fresh pupil edits the
 * profile with a photo cropped in the dialog (uploaded as a small JPEG and shown by the avatar), changes the governorate
 * (the delegation is cleared), uploads a report card (pending, viewed, deleted: "MarkSheet deleted successfully"),
 * requests a class change with reason 4 "Autre" (its text required) and sees it pending; every screen and dialog passes
 * axe (WCAG 2.2 AA).
 *
 * Run alone with its own server: E2E_PORT=3204 npx playwright test tests/e2e/profile.spec.ts
 * PROFILE_SHOTS=<folder> keeps screenshots (phone and 1280 × 800) for review.
 */
import { deflateSync } from "node:zlib";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations, registerVerifiedPupil } from "./helpers";

const PHONE = { width: 412, height: 823 };
const SHOTS = process.env.PROFILE_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const popup = page.getByTestId("popup-close");
  if (await popup.isVisible()) await popup.click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: false });
  await page.setViewportSize(PHONE);
}

let phoneN = Math.floor(Math.random() * 100_000);
const freshPhone = () => `9${String(7_000_000 + ((phoneN += 1) % 900_000)).padStart(7, "0")}`;

/** A verified pupil of the bac Mathématiques class (no offer), registered for this test; its token. */
async function freshPupil(request: APIRequestContext): Promise<{ token: string; phone: string }> {
  return registerVerifiedPupil(request, { name: "Sami", lastName: "Profil", phone: freshPhone() });
}

/** axe on the settled screen: toasts gone (their close button is the toast library's), no animation running. */
async function axe(page: Page): Promise<string[]> {
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0, { timeout: 8000 });
  return axeViolations(page);
}

async function openAs(page: Page, token: string, locale: "fr" | "ar") {
  // The notifications' pop-up of the week may open over any page: close it when it shows.
  await page.addLocatorHandler(page.getByTestId("popup-close"), (button) => button.click());
  await page.addInitScript(
    ([t, l]) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", t);
      localStorage.setItem("locale", l);
    },
    [token, locale] as const,
  );
}

/** A real 200 × 140 PNG (two colours), for the photo picker. */
function png(width = 200, height = 140): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
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
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(x < width / 2 ? [0x1c, 0x7e, 0xd6] : [0xf5, 0xa6, 0x23], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
/** Width and height of a JPEG, from its start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

const TEXT = {
  fr: {
    profile: "Mon profil",
    edit: "Modifier mon profil",
    lastName: /^Nom/,
    phone2: /^Second téléphone/,
    state: /^Gouvernorat/,
    delegation: /^Délégation/,
    girl: "Fille",
    save: "Enregistrer",
    cropTitle: "Recadrer la photo",
    photoSaved: "Votre photo a été mise à jour",
    profileSaved: "Votre profil a été mis à jour",
    pending: "En attente",
    uploaded: "Bulletin envoyé : il sera vérifié prochainement",
    deleted: "MarkSheet deleted successfully",
    classTitle: "Demander un changement de classe",
    newClass: /^Nouvelle classe/,
    reason: /^Motif/,
    other: "Autre",
    otherText: /^Précisez le motif/,
    otherRequired: "Précisez le motif",
    send: "Envoyer la demande",
    sent: "Votre demande de changement de classe a été envoyée",
    password: "Changer le mot de passe",
    oldPassword: /^Ancien mot de passe/,
    newPassword: /^Nouveau mot de passe/,
    confirmPassword: /^Confirmer le nouveau mot de passe/,
    repeated: "Le mot de passe ne doit pas répéter un même caractère plusieurs fois de suite",
    changed: "Le Mot de Passe est Modifié",
  },
  ar: {
    profile: "ملفي الشخصي",
    edit: "تعديل ملفي الشخصي",
    lastName: /^اللقب/,
    phone2: /^الهاتف الثاني/,
    state: /^الولاية/,
    delegation: /^المعتمدية/,
    girl: "بنت",
    save: "حفظ",
    cropTitle: "قصّ الصورة",
    photoSaved: "تم تحديث صورتك",
    profileSaved: "تم تحديث ملفك الشخصي",
    pending: "قيد الانتظار",
    uploaded: "تم إرسال بطاقة الأعداد: ستتم مراجعتها قريبًا",
    deleted: "تم حذف بطاقة الأعداد بنجاح",
    classTitle: "طلب تغيير القسم",
    newClass: /^القسم الجديد/,
    reason: /^السبب/,
    other: "أخرى",
    otherText: /^حدّد السبب/,
    otherRequired: "حدّد السبب",
    send: "إرسال الطلب",
    sent: "تم إرسال طلب تغيير القسم",
    password: "تغيير كلمة المرور",
    oldPassword: /^كلمة المرور القديمة/,
    newPassword: /^كلمة المرور الجديدة/,
    confirmPassword: /^تأكيد كلمة المرور الجديدة/,
    repeated: "يجب ألا تحتوي كلمة المرور على الحرف نفسه مكرّرًا عدة مرات متتالية",
    changed: "تم تغيير كلمة المرور",
  },
} as const;

async function pick(page: Page, scope: ReturnType<Page["getByRole"]> | Page, label: RegExp, option: RegExp | string) {
  const input = scope.locator("input:not([type=hidden])").and(scope.getByLabel(label));
  await input.click();
  await page.getByRole("option", { name: option }).first().click();
}

for (const locale of ["fr", "ar"] as const) {
  const T = TEXT[locale];
  test.describe(`profile (${locale})`, () => {
    test.use({ viewport: PHONE });

    test("edit the profile with a cropped photo; the governorate clears the delegation", async ({ page }) => {
      const { token } = await freshPupil(page.request);
      await openAs(page, token, locale);
      await page.goto("/mon-profil");
      await expect(page.getByRole("heading", { level: 1, name: T.profile })).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await shot(page, `profile-${locale}`);

      await page.getByTestId("edit-profile").click();
      await expect(page).toHaveURL(/\/mon-profil\/edit$/);
      await expect(page.getByTestId("profile-edit-title")).toHaveText(T.edit);
      expect(await axe(page)).toEqual([]);
      await shot(page, `profile-edit-${locale}`);

      // The photo: chosen, cropped in the dialog, uploaded as a small JPEG.
      const upload = page.waitForResponse((r) => r.url().includes("/api/user/avatar") && r.request().method() === "POST");
      await page.locator('input[type="file"]').first().setInputFiles({ name: "moi.png", mimeType: "image/png", buffer: png() });
      const crop = page.getByRole("dialog", { name: T.cropTitle });
      await expect(crop).toBeVisible();
      await expect(crop.getByTestId("photo-crop-save")).toBeEnabled();
      expect(await axe(page)).toEqual([]);
      await shot(page, `photo-crop-${locale}`);
      await crop.getByTestId("photo-crop-save").click();
      const sent = await upload;
      expect(sent.status()).toBe(201);
      await expect(page.getByText(T.photoSaved)).toBeVisible();
      const me = (await (await page.request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } })).json()) as { payload: { avatar: string } };
      const photo = await page.request.get(`/api${me.payload.avatar}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(photo.headers()["content-type"]).toBe("image/jpeg");
      // What was uploaded is the crop, resized on the device: a 384 × 384 JPEG of a few kB (the picture was 200 × 140).
      const bytes = await photo.body();
      expect(bytes.byteLength).toBeLessThan(200_000);
      expect(jpegSize(bytes)).toEqual({ width: 384, height: 384 });

      // Names, second phone, gender; the address: a delegation, then another governorate clears it.
      await page.getByLabel(T.lastName).fill(locale === "fr" ? "Ben Salah" : "بن صالح");
      await page.getByLabel(T.phone2).fill("71234567");
      await page.getByRole("radio", { name: T.girl }).check();
      await pick(page, page, T.delegation, /.+/);
      await expect(page.locator("input").and(page.getByLabel(T.delegation))).not.toHaveValue("");
      await pick(page, page, T.state, locale === "fr" ? /^Sousse/ : /^سوسة/);
      await expect(page.locator("input").and(page.getByLabel(T.delegation))).toHaveValue("");
      await page.getByTestId("save-profile").click();
      await expect(page.getByText(T.profileSaved)).toBeVisible();
      await expect(page).toHaveURL(/\/mon-profil$/);
      await expect(page.getByTestId("profile-last-name")).toContainText(locale === "fr" ? "Ben Salah" : "بن صالح");
      await expect(page.getByTestId("profile-phone2")).toContainText("71234567");
      // The avatar in the shell shows the photo (an object URL of the owner's file).
      await expect(page.getByTestId("user-menu").locator("img")).toHaveAttribute("src", /^blob:/);
    });

    test("upload a report card, view it, delete it while pending", async ({ page }) => {
      const { token } = await freshPupil(page.request);
      await openAs(page, token, locale);
      await page.goto("/mon-profil");
      const t1 = page.getByTestId("trimester-1");
      await t1.scrollIntoViewIfNeeded();
      await t1.locator('input[type="file"]').setInputFiles({ name: "bulletin-t1.pdf", mimeType: "application/pdf", buffer: PDF });
      const row = t1.getByTestId("marksheet-row");
      await expect(row).toBeVisible();
      await expect(row.getByText(T.pending)).toBeVisible();
      await expect(page.getByText(T.uploaded)).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await shot(page, `marksheets-${locale}`);

      await row.getByRole("button").first().click();
      const view = page.getByTestId("marksheet-view-modal");
      await expect(view.locator("iframe")).toHaveAttribute("src", /^blob:/);
      // Closed with its button: once the PDF viewer has the focus, Escape goes to the viewer, not to the dialog.
      await page.getByRole("dialog", { name: "bulletin-t1.pdf" }).getByRole("button").first().click();
      await expect(page.locator('iframe[title="bulletin-t1.pdf"]')).toHaveCount(0);

      await row.getByRole("button").nth(1).click();
      await expect(page.getByText(T.deleted)).toBeVisible();
      await expect(t1.getByTestId("marksheet-row")).toHaveCount(0);
    });

    test("request a class change with reason 4 (Autre): its text is required, then it is pending", async ({ page }) => {
      const { token } = await freshPupil(page.request);
      await openAs(page, token, locale);
      await page.goto("/mon-profil");
      await page.getByTestId("class-change").click();
      const dialog = page.getByRole("dialog", { name: T.classTitle });
      await expect(dialog).toBeVisible();
      await pick(page, dialog, T.newClass, /.+/);
      await pick(page, dialog, T.reason, T.other);
      await dialog.getByRole("button", { name: T.send }).click();
      await expect(dialog.getByText(T.otherRequired, { exact: true }).last()).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await shot(page, `class-change-${locale}`);
      await dialog.getByLabel(T.otherText).fill(locale === "fr" ? "Je change de section" : "أغيّر الشعبة");
      await dialog.getByRole("button", { name: T.send }).click();
      await expect(page.getByText(T.sent)).toBeVisible();
      const table = page.getByTestId("class-changes");
      await expect(table).toBeVisible();
      await expect(table.getByText(T.pending)).toBeVisible();
      await expect(page.getByTestId("class-change")).toBeDisabled();
      expect(await axe(page)).toEqual([]);
    });

    test("change the password in the modal: its rules, then 'Le Mot de Passe est Modifié'", async ({ page }) => {
      const { token } = await freshPupil(page.request);
      await openAs(page, token, locale);
      await page.goto("/mon-profil");
      await page.getByRole("button", { name: T.password }).click();
      const dialog = page.getByRole("dialog", { name: T.password });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(T.oldPassword).fill("Ecole#2026");
      await dialog.getByLabel(T.newPassword).fill("Aaa#1111bb");
      await dialog.getByLabel(T.confirmPassword).fill("Aaa#1111bb");
      await dialog.locator("button[type=submit]").click();
      // A character three times in a row is refused before anything is sent.
      await expect(dialog.getByText(T.repeated)).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await shot(page, `password-${locale}`);
      await dialog.getByLabel(T.newPassword).fill("Nouveau#2027");
      await dialog.getByLabel(T.confirmPassword).fill("Nouveau#2027");
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/user/change-password"));
      await dialog.locator("button[type=submit]").click();
      expect((await answer).status()).toBe(200);
      await expect(dialog).toBeHidden();
      await expect(page.getByText(T.changed)).toBeVisible();
      // The device stays signed in with the fresh token; the old password no longer works.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: T.profile })).toBeVisible();
    });
  });
}
