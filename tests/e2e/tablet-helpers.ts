/**
 * What the class-tablet specs (issue 23) share: the operator's one-time code, the tablet turned on, pupils signing in
 * with their password or PIN and switching, and everything the page's origin keeps, read back as text.
 */
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const TABLET = { width: 800, height: 1280 };
export const PHONE = { width: 412, height: 823 };
export const CLASS = 17;
/** Bac Mathématiques, the demo Gold pupil's class. */
export const BAC_MATH = 18;
export const PASSWORD = "Ecole#2026";
/** A last name no one else has (letters only, as registration wants). */
export const uniqueLastName = (prefix: string) => prefix + Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join("");

export function adminKey(): string {
  const secret = readFileSync(join(process.env.E2E_DATA_DIR!, "secret.key"), "utf8").trim();
  return createHmac("sha256", secret).update("admin-cli").digest("hex");
}

/** `npm run admin -- tablet-code <class>`, through the route the command calls. */
export async function tabletCode(request: APIRequestContext, division = CLASS): Promise<string> {
  const res = await request.post("/api/admin/tablet-codes", { headers: { "x-admin-key": adminKey() }, data: { division: String(division) } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { payload: { code: string } }).payload.code;
}

/**
 * Everything the page's origin keeps: local and session storage, IndexedDB (every store, with the bytes of any Blob
 * its rows hold — a homework file kept on the device), Cache Storage.
 */
export async function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    const blobsOf = (value: unknown, found: Blob[] = []): Blob[] => {
      if (value instanceof Blob) found.push(value);
      else if (value && typeof value === "object" && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer)) for (const v of Object.values(value)) blobsOf(v, found);
      return found;
    };
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(info.name!);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve) => {
          const r = db.transaction(store).objectStore(store).getAll();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => resolve([]);
        });
        parts.push(JSON.stringify(rows));
        for (const blob of blobsOf(rows)) parts.push(await blob.text());
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        parts.push(req.url, res ? await res.clone().text().catch(() => "") : "");
      }
    }
    return parts.join("\n");
  });
}

export async function signInWithPassword(page: Page, fullName: string, search: string, pin: string, password = PASSWORD) {
  await page.getByLabel("Chercher mon nom").fill(search);
  await page.getByRole("button", { name: fullName }).click();
  const dialog = page.getByRole("dialog", { name: fullName });
  await dialog.getByRole("textbox", { name: "Mot de passe", exact: true }).fill(password);
  await dialog.getByLabel("Chiffre 1 du code PIN").click();
  await page.keyboard.type(pin);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByTestId("tablet-pupil-bar")).toContainText(fullName);
}

export async function signInWithPin(page: Page, fullName: string, search: string, pin: string) {
  await page.getByLabel("Chercher mon nom").fill(search);
  await page.getByRole("button", { name: fullName }).click();
  const dialog = page.getByRole("dialog", { name: fullName });
  await dialog.getByLabel("Chiffre 1 du code PIN").click();
  await page.keyboard.type(pin);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByTestId("tablet-pupil-bar")).toContainText(fullName);
}

export async function enableTablet(page: Page, division: number) {
  await page.goto("/tablette");
  await page.getByLabel("Code d'activation").fill(await tabletCode(page.request, division));
  await page.getByRole("button", { name: "Activer la tablette" }).click();
  await expect(page.getByRole("heading", { name: "Qui es-tu ?" })).toBeVisible();
}

export async function switchPupil(page: Page) {
  await page.getByRole("button", { name: "Changer d'élève" }).click();
  await expect(page).toHaveURL(/\/tablette$/);
  await expect(page.getByRole("heading", { name: "Qui es-tu ?" })).toBeVisible();
}

/** At the grid, the pupil's row shows `waiting` unsent items (or none). */
export async function expectWaiting(page: Page, fullName: string, search: string, waiting: number) {
  await page.getByLabel("Chercher mon nom").fill(search);
  const row = page.getByRole("button", { name: fullName });
  await expect(row).toBeVisible();
  if (waiting === 0) await expect(row).not.toContainText("en attente");
  else await expect(row).toContainText(waiting === 1 ? "1 envoi en attente" : `${waiting} envois en attente`);
}

/**
 * The service worker in control (it keeps the app's code for offline use), as on a tablet in use for a while: what the
 * page loads later (the outbox's code, the sign-out's) comes from it once the network is down.
 */
export async function workerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
