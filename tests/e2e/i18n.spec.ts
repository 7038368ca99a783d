import { expect, test } from "@playwright/test";

test.describe("languages", () => {
  test("switching to Arabic mirrors the layout without a reload, and back to English", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole("button", { name: "العربية" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("تسجيل الدخول");
    // No reload happened.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
    // Mirrored: the submit button's label and the form fields start on the right.
    const input = await page.getByRole("textbox").first().boundingBox();
    const label = await page.locator("label").first().boundingBox();
    expect(input && label).toBeTruthy();
    expect(label!.x + label!.width).toBeGreaterThan(input!.x + input!.width - 40);

    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
