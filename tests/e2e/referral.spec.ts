/**
 * The pupil's referral pages (issue 20 items 1–5), at phone size, in French and Arabic: `eleve` (eligible, CP-YASMINE,
 * tokens) sees the code with its share link and history, converts 5 tokens (the balance drops by 5 once), sees the gift
 * catalogue and a gift; `parrain` (eligible, no code) generates one; `nouveau` (no offer) sees the fallback. Every
 * screen passes axe (WCAG 2.2 AA). The cart (issue 20 item 6): `eleve` finds an empty cart, adds a gift, is refused on bad
 * delivery input (translated messages, nothing sent, no token moved), orders, and sees the order pending in the history
 * beside the seeded ones (delivered, rejected), the tokens taken once; a gift she cannot afford sends her to
 * /parrain/no-coins.
 *
 * Run alone with its own server: E2E_PORT=3110 E2E_DATA_DIR=/tmp/e2e-3110 npx playwright test tests/e2e/referral.spec.ts
 * (REFERRAL_SHOTS=<folder> saves screenshots at 412×823 and 1280×800).
 */
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import {
  axeViolations,
  botToken,
  registerVerifiedPupil,
  signInAs,
} from "./helpers";

/** The operator's key of the e2e server (derived from the secret it keeps in its DATA_DIR), as the admin CLI does. */
function adminKey(): string {
  const secret = readFileSync(
    join(process.env.E2E_DATA_DIR!, "secret.key"),
    "utf8",
  ).trim();
  return createHmac("sha256", secret).update("admin-cli").digest("hex");
}

/**
 * Places orders for eleve through the API until she has at least `n` (so her list has two pages): for each, the
 * operator gives the cheapest gift's tokens (an audited adjustment) and the order spends them, so her balance is
 * unchanged.
 */
async function ensureOrders(
  request: APIRequestContext,
  bearer: string,
  n: number,
): Promise<number> {
  const auth = { Authorization: `Bearer ${bearer}` };
  const { meta } = await apiGet<unknown[]>(
    request,
    bearer,
    "/student/gift-requests",
  );
  const total = meta!.total;
  if (total >= n) return total;
  await emptyCart(request, bearer);
  const gifts = (
    await apiGet<GiftRow[]>(request, bearer, "/student/gifts?perPage=100")
  ).payload.filter((g) => g.stock > n);
  const cheapest = gifts.sort((a, b) => a.amount - b.amount)[0]!;
  for (let i = total; i < n; i++) {
    const adjusted = await request.post("/api/admin/token-adjustments", {
      headers: { "x-admin-key": adminKey() },
      data: {
        login: "eleve@darsi.tn",
        tokens: cheapest.amount,
        reason: "e2e: commandes pour la pagination",
      },
    });
    expect(adjusted.status(), await adjusted.text()).toBe(201);
    const added = await request.post("/api/student/gift-request-items", {
      headers: auth,
      data: { gift: cheapest.id },
    });
    expect(added.status(), await added.text()).toBe(201);
    const placed = await request.post("/api/student/gift-requests-delivery", {
      headers: { ...auth, "Idempotency-Key": randomUUID() },
      data: {
        name: "Yasmine Ben Salah",
        phone1: "22000001",
        email: "eleve@darsi.tn",
        state: 1,
        address: "12 rue de Marseille, Tunis",
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  }
  return n;
}

const PHONE = { width: 412, height: 823 };
const SHOTS = process.env.REFERRAL_SHOTS;

async function me(
  request: APIRequestContext,
  bearer: string,
): Promise<{ gift_point: number; gift_code: string | null }> {
  const res = await request.get("/api/auth/me", {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  return (
    (await res.json()) as {
      payload: { gift_point: number; gift_code: string | null };
    }
  ).payload;
}

interface CartDto {
  id: number | null;
  items: Array<{ id: number; amount: number }>;
  amount: number;
}
interface GiftRow {
  id: number;
  amount: number;
  stock: number;
}

async function apiGet<T>(
  request: APIRequestContext,
  bearer: string,
  path: string,
): Promise<{ payload: T; meta?: { total: number } }> {
  const res = await request.get(`/api${path}`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { payload: T; meta?: { total: number } };
}

/** Empties the pupil's cart through the API (a retried test may find the first try's items). */
async function emptyCart(request: APIRequestContext, bearer: string) {
  const cart = (
    await apiGet<CartDto>(request, bearer, "/student/gift-requests/current")
  ).payload;
  for (const item of cart.items)
    await request.delete(`/api/student/gift-request-items/${item.id}`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
}

/** The delivery form's messages, as each language shows them. */
const MESSAGES = {
  fr: {
    name: "Le nom doit contenir au moins 2 caractères",
    phone: "Le numéro doit contenir 8 chiffres et commencer par 2, 4, 5 ou 9",
    address: "Veuillez saisir votre adresse",
    state: "Sousse",
  },
  ar: {
    name: "يجب أن يحتوي الاسم على حرفين على الأقل",
    phone: "يجب أن يتكوّن الرقم من 8 أرقام وأن يبدأ بـ 2 أو 4 أو 5 أو 9",
    address: "يرجى إدخال عنوانك",
    state: "سوسة",
  },
};

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
  await page.screenshot({
    path: `${SHOTS}/${name}-desktop.png`,
    fullPage: true,
  });
  await page.setViewportSize(PHONE);
}

test.describe("referral pages", () => {
  test.use({ viewport: PHONE });

  for (const locale of ["fr", "ar"] as const) {
    test(`eleve opens /gift-code, converts 5 tokens, sees the catalogue and a gift (${locale})`, async ({
      page,
    }) => {
      const token = await signInAs(page, "eleve@darsi.tn", locale);
      const before = await me(page.request, token);
      expect(before.gift_code).toBe("CP-YASMINE");
      expect(before.gift_point).toBeGreaterThanOrEqual(5);

      // The token widget (in the menu's drawer on a phone) leads to the code's page.
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute(
        "dir",
        locale === "ar" ? "rtl" : "ltr",
      );
      // The home's gift slider (more than 2 gifts), loaded when the pupil scrolls to it.
      await page.getByTestId("home-gifts-marker").scrollIntoViewIfNeeded();
      const slider = page.getByTestId("home-gifts");
      await expect(slider.getByTestId("gift-card").first()).toBeVisible();
      await slider.scrollIntoViewIfNeeded();
      await shot(page, `home-${locale}`);
      await page.getByTestId("nav-toggle").click();
      await page.locator('[data-testid="gift-widget"]:visible').click();
      await expect(page).toHaveURL(/\/gift-code(\?|$)/);
      await expect(page.getByTestId("gift-code")).toHaveText("CP-YASMINE");
      await expect(page.getByTestId("gift-perks")).toBeVisible();
      await expect(
        page
          .getByTestId("gift-code-share")
          .or(page.getByTestId("gift-code-link")),
      ).toBeVisible();
      await expect(
        page
          .getByTestId("gift-uses-table")
          .or(page.getByTestId("gift-uses-empty")),
      ).toBeVisible();
      await shot(page, `gift-code-${locale}`);
      expect(await axeViolations(page)).toEqual([]);

      // Conversion: too few refused on the field, then a preview, then the conversion once.
      await page.goto("/convert-coins");
      const input = page.getByTestId("convert-input");
      await input.fill("4");
      await page.getByTestId("convert-submit").click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
      await input.fill("5");
      await page.getByTestId("convert-submit").click();
      await expect(page.getByTestId("convert-preview")).toBeVisible();
      await shot(page, `convert-preview-${locale}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId("convert-confirm").click();
      await expect(page.getByTestId("convert-input")).toBeVisible();
      await expect
        .poll(async () => (await me(page.request, token)).gift_point)
        .toBe(before.gift_point - 5);
      // The balance on the page follows (through /auth/me's refresh).
      await page.goto("/gift-code");
      await expect(page.getByTestId("gift-code-balance")).toContainText(
        String(before.gift_point - 5),
      );

      // The catalogue and one gift.
      await page.goto("/parrain/products");
      const cards = page.getByTestId("gift-card");
      await expect(cards.first()).toBeVisible();
      await shot(page, `products-${locale}`);
      expect(await axeViolations(page)).toEqual([]);
      await cards.first().getByRole("link").click();
      await expect(page).toHaveURL(/\/parrain\/product\/\d+$/);
      await expect(page.getByTestId("gift-product")).toBeVisible();
      await expect(
        page.getByTestId("gift-product").locator("img").first(),
      ).toBeVisible();
      await shot(page, `product-${locale}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  for (const locale of ["fr", "ar"] as const) {
    test(`eleve fills a cart, is refused on bad delivery input, orders once and sees the order (${locale})`, async ({
      page,
    }) => {
      // A long walk (three axe runs, optional screenshots at two sizes): three times the default time.
      test.slow();
      const token = await signInAs(page, "eleve@darsi.tn", locale);
      await emptyCart(page.request, token);
      const before = (await me(page.request, token)).gift_point;
      const ordersBefore = (
        await apiGet<Array<{ id: number }>>(
          page.request,
          token,
          "/student/gift-requests?perPage=100",
        )
      ).payload;
      const gifts = (
        await apiGet<GiftRow[]>(
          page.request,
          token,
          "/student/gifts?perPage=100",
        )
      ).payload;
      const gift = gifts
        .filter((g) => g.stock > 0)
        .sort((a, b) => a.amount - b.amount)[0]!;
      expect(gift.amount).toBeLessThanOrEqual(before);

      // An empty cart: the confirmation page sends to /parrain/empty-cart.
      await page.goto("/parrain/confirm-order");
      await expect(page).toHaveURL(/\/parrain\/empty-cart$/);
      await expect(page.getByTestId("empty-cart")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute(
        "dir",
        locale === "ar" ? "rtl" : "ltr",
      );
      await shot(page, `empty-cart-${locale}`);
      expect(await axeViolations(page)).toEqual([]);

      // Add one unit from the gift's page; the cart's button counts it.
      await page.goto(`/parrain/product/${gift.id}`);
      await expect(page.getByTestId("gift-quantity")).toHaveText("1");
      await page.getByTestId("add-to-cart-submit").click();
      await expect(page.getByTestId("cart-link")).toContainText("1");
      await page.getByTestId("cart-link").click();
      await expect(page).toHaveURL(/\/parrain\/confirm-order$/);
      await expect(page.getByTestId("cart-item")).toHaveCount(1);

      // Bad delivery input: every field says why, in the pupil's language, and nothing is sent.
      const posted: string[] = [];
      page.on("request", (r) => {
        if (
          r.method() === "POST" &&
          r.url().includes("/gift-requests-delivery")
        )
          posted.push(r.url());
      });
      const m = MESSAGES[locale];
      await page.getByTestId("delivery-name").fill("Y");
      await page.getByTestId("delivery-phone1").fill("12345678");
      await page.getByTestId("delivery-phone2").fill("2200");
      await page.getByTestId("delivery-address").fill("");
      await page.getByTestId("delivery-submit").click();
      const form = page.getByTestId("delivery-form");
      await expect(form.getByText(m.name)).toBeVisible();
      await expect(form.getByText(m.phone)).toHaveCount(2);
      await expect(form.getByText(m.address)).toBeVisible();
      await expect(page.getByTestId("order-review")).toHaveCount(0);
      await shot(page, `confirm-order-errors-${locale}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(posted).toEqual([]);
      expect((await me(page.request, token)).gift_point).toBe(before);

      // Good input, the review, then the order.
      await page.getByTestId("delivery-name").fill("Yasmine Ben Salah");
      await page.getByTestId("delivery-phone1").fill("22000001");
      await page.getByTestId("delivery-phone2").fill("");
      await page.getByTestId("delivery-email").fill("eleve@darsi.tn");
      await page.getByTestId("delivery-state").click();
      await page.getByTestId("delivery-state").fill(m.state);
      await page.getByRole("option", { name: m.state, exact: true }).click();
      await page.getByTestId("delivery-address").fill("12 rue de Marseille");
      await page.getByTestId("delivery-submit").click();
      await expect(page.getByTestId("order-review")).toBeVisible();
      await shot(page, `confirm-order-review-${locale}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId("order-confirm").click();
      await expect(page).toHaveURL(/\/parrain\/purchase-history\/\d+(\?|$)/);
      const orderId = Number(
        /(\d+)$/.exec(new URL(page.url()).pathname)![1],
      );
      const order = page.getByTestId("gift-order");
      await expect(order.getByTestId("order-status")).toHaveAttribute(
        "data-status",
        "pending",
      );
      await expect(order.getByTestId("order-item")).toHaveCount(1);
      await expect(order.getByTestId("order-delivery")).toContainText(
        "12 rue de Marseille",
      );
      // The seeded orders are listed beside it, with their statuses.
      const list = page.getByTestId("gift-orders");
      await expect(
        list.locator('[data-status="delivered"]').first(),
      ).toBeVisible();
      await expect(
        list.locator('[data-status="rejected"]').first(),
      ).toBeVisible();
      await shot(page, `purchase-history-${locale}`);
      expect(await axeViolations(page)).toEqual([]);

      // Tokens taken once, one order more, and the cart is empty again.
      expect(posted).toHaveLength(1);
      expect((await me(page.request, token)).gift_point).toBe(
        before - gift.amount,
      );
      const ordersAfter = (
        await apiGet<Array<{ id: number }>>(
          page.request,
          token,
          "/student/gift-requests?perPage=100",
        )
      ).payload;
      expect(ordersAfter.map((o) => o.id)).toEqual([
        orderId,
        ...ordersBefore.map((o) => o.id),
      ]);
      expect(
        (
          await apiGet<CartDto>(
            page.request,
            token,
            "/student/gift-requests/current",
          )
        ).payload.items,
      ).toEqual([]);
    });
  }

  for (const locale of ["fr", "ar"] as const) {
    test(`eleve opens "Mes commandes" from /gift-code and the catalogue, and pages her orders in the URL (${locale})`, async ({
      page,
    }) => {
      test.slow(); // eleven orders placed through the API first, then two screens checked by axe
      const token = await signInAs(page, "eleve@darsi.tn", locale);
      const balance = (await me(page.request, token)).gift_point;
      const total = await ensureOrders(page.request, token, 11);
      expect((await me(page.request, token)).gift_point).toBe(balance);
      const newest = (
        await apiGet<Array<{ id: number }>>(
          page.request,
          token,
          "/student/gift-requests",
        )
      ).payload[0]!.id;

      // The catalogue has the entry too, beside the cart.
      await page.goto("/parrain/products");
      await expect(page.getByTestId("orders-link")).toBeVisible();
      await expect(page.getByTestId("cart-link")).toBeVisible();

      await page.goto("/gift-code");
      await expect(page.getByTestId("gift-code")).toHaveText("CP-YASMINE");
      await page.getByTestId("orders-link").click();
      await expect(page).toHaveURL(
        new RegExp(`/parrain/purchase-history/${newest}(\\?|$)`),
      );
      const list = page.getByTestId("gift-orders");
      await expect(list.locator("ul > li")).toHaveCount(10);
      await expect(list.locator('[aria-current="page"]').first()).toBeVisible();
      await expect(page.getByTestId("gift-orders-per-page")).toHaveValue("10");
      expect(await axeViolations(page)).toEqual([]);

      // Page 2: in the URL, and still there after a reload.
      await list
        .getByRole("navigation")
        .getByRole("button", { name: /2$/ })
        .click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(list.locator("ul > li")).toHaveCount(
        Math.min(10, total - 10),
      );
      await page.reload();
      await expect(page.getByTestId("gift-orders").locator("ul > li")).toHaveCount(
        Math.min(10, total - 10),
      );
      await shot(page, `purchase-history-page2-${locale}`);
      expect(await axeViolations(page)).toEqual([]);

      // An order of page 2 opens with the list kept on page 2.
      const older = page
        .getByTestId("gift-orders")
        .locator("ul > li a")
        .first();
      const href = await older.getAttribute("href");
      expect(href).toMatch(/\/parrain\/purchase-history\/\d+\?.*page=2/);
      await older.click();
      await expect(page).toHaveURL(/\/parrain\/purchase-history\/\d+\?.*page=2/);
      await expect(
        page.getByTestId("gift-orders").locator('a[aria-current="page"]'),
      ).toHaveCount(1);

      // 25 a page: every order on one page, back to page 1.
      await page.getByTestId("gift-orders-per-page").selectOption("25");
      await expect(page).toHaveURL(/[?&]perPage=25/);
      await expect(page).toHaveURL(/[?&]page=1(&|$)/);
      await expect(
        page.getByTestId("gift-orders").locator("ul > li"),
      ).toHaveCount(Math.min(25, total));

      // A page past the last one shows the last page.
      await page.goto(`/parrain/purchase-history/${newest}?page=9`);
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(page.getByTestId("gift-orders").locator("ul > li")).toHaveCount(
        Math.min(10, total - 10),
      );
    });
  }

  test("a friend opens eleve's shared link, buys with CP-YASMINE, and eleve's token and the use arrive", async ({
    page,
    browser,
  }) => {
    test.slow(); // a registration, a top-up, a purchase, then a second browser context
    const eleveToken = (
      await (
        await page.request.post("/api/auth/login_check", {
          data: {
            username: "eleve@darsi.tn",
            password: "Darsi#2026",
            "g-recaptcha-response": await botToken(page.request),
          },
        })
      ).json()
    ).payload.token as string;
    const before = (await me(page.request, eleveToken)).gift_point;
    const usesBefore = (
      await apiGet<unknown[]>(
        page.request,
        eleveToken,
        "/student/history/generated-gifts",
      )
    ).meta!.total;

    // The friend: a new pupil with 50 points (a bank transfer the operator approved).
    const friend = await registerVerifiedPupil(page.request, {
      name: "Salma",
      lastName: "Amiri",
      division: 7,
    });
    const auth = { Authorization: `Bearer ${friend.token}` };
    const topup = await page.request.post("/api/student/codes", {
      headers: { ...auth, "Idempotency-Key": randomUUID() },
      data: {
        paymentMethod: "bank",
        amount: 50_000,
        reference: "VIR-E2E-PARRAIN",
        comment: "",
      },
    });
    expect(topup.status(), await topup.text()).toBeLessThan(300);
    const topupId = ((await topup.json()) as { payload: { id: number } })
      .payload.id;
    const approved = await page.request.post(
      `/api/admin/topups/${topupId}/approve`,
      { headers: { "x-admin-key": adminKey() } },
    );
    expect(approved.status(), await approved.text()).toBeLessThan(300);
    await page.addInitScript((token) => {
      if (!localStorage.getItem("token")) {
        localStorage.setItem("token", token);
        localStorage.setItem(
          "expires_at",
          new Date(Date.now() + 86_400_000).toISOString(),
        );
      }
      localStorage.setItem("locale", "fr");
    }, friend.token);

    // The shared link, then the offers: the code waits in the pack's discount field, the friend applies it.
    await page.goto("/?referral=CP-YASMINE");
    await page.goto("/offres");
    const card = page.getByTestId("offer-119");
    await expect(card).toBeVisible();
    await expect(card.getByTestId("coupon-input-119")).toHaveValue(
      "CP-YASMINE",
    );
    await card.getByRole("button", { name: "Appliquer" }).click();
    await expect(card.getByTestId("coupon-applied-119")).toContainText(
      "CP-YASMINE",
    );
    await card.getByTestId("buy-119").click();
    await page.getByTestId("purchase-confirm").getByTestId("confirm-buy").click();
    await expect(page.getByTestId("purchase-confirm")).toHaveCount(0);
    await expect
      .poll(async () => (await me(page.request, eleveToken)).gift_point)
      .toBeGreaterThan(before);

    // Eleve sees the token in the header and the friend among the uses of her code.
    const eleveContext = await browser.newContext({ viewport: PHONE });
    const elevePage = await eleveContext.newPage();
    await signInAs(elevePage, "eleve@darsi.tn", "fr");
    await elevePage.goto("/gift-code");
    await expect(elevePage.getByTestId("gift-code")).toHaveText("CP-YASMINE");
    await expect(elevePage.getByText("Salma Amiri").first()).toBeVisible();
    const after = (await me(page.request, eleveToken)).gift_point;
    await expect(elevePage.getByTestId("gift-code-balance")).toContainText(
      String(after),
    );
    expect(
      (
        await apiGet<unknown[]>(
          page.request,
          eleveToken,
          "/student/history/generated-gifts",
        )
      ).meta!.total,
    ).toBe(usesBefore + 1);
    await shot(elevePage, "gift-code-after-friend-fr");
    await eleveContext.close();
  });

  test("the operator approves and ships eleve's pending order: she is told in Arabic and sees it shipped", async ({
    page,
  }) => {
    test.slow(); // two operator steps, then a screen checked by axe
    const token = await signInAs(page, "eleve@darsi.tn", "ar");
    const orders = (
      await apiGet<Array<{ id: number; status: string }>>(
        page.request,
        token,
        "/student/gift-requests?perPage=100",
      )
    ).payload;
    const pending = orders.find((o) => o.status === "pending")!;
    expect(pending).toBeTruthy();
    for (const step of ["approve", "ship"]) {
      const res = await page.request.post(
        `/api/admin/gift-orders/${pending.id}/status`,
        { headers: { "x-admin-key": adminKey() }, data: { step } },
      );
      expect(res.status(), await res.text()).toBe(200);
    }
    // Each step is in her inbox, in her language, with a link to the order.
    const inbox = (
      await apiGet<Array<{ link: string | null; body_ar: string | null }>>(
        page.request,
        token,
        "/student/notifications?perPage=24",
      )
    ).payload.filter(
      (n) => n.link === `/parrain/purchase-history/${pending.id}`,
    );
    expect(inbox.length).toBeGreaterThanOrEqual(2);
    for (const n of inbox) expect(n.body_ar).toMatch(/[\u0600-\u06FF]/);

    await page.goto(`/parrain/purchase-history/${pending.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const order = page.getByTestId("gift-order");
    await expect(order.getByTestId("order-status")).toHaveAttribute(
      "data-status",
      "shipped",
    );
    await expect(order.getByTestId("order-status-note")).toHaveText(
      "طردك في الطريق.",
    );
    await shot(page, "purchase-history-shipped-ar");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a gift dearer than the pupil's tokens sends to /parrain/no-coins", async ({
    page,
  }) => {
    const token = await signInAs(page, "eleve@darsi.tn", "fr");
    await emptyCart(page.request, token);
    const balance = (await me(page.request, token)).gift_point;
    const gifts = (
      await apiGet<GiftRow[]>(page.request, token, "/student/gifts?perPage=100")
    ).payload;
    const dear = gifts.find((g) => g.stock > 0 && g.amount > balance)!;
    expect(dear).toBeDefined();
    await page.goto(`/parrain/product/${dear.id}`);
    await page.getByTestId("add-to-cart-submit").click();
    await expect(page).toHaveURL(/\/parrain\/no-coins$/);
    await expect(page.getByTestId("no-coins")).toBeVisible();
    expect(
      (
        await apiGet<CartDto>(
          page.request,
          token,
          "/student/gift-requests/current",
        )
      ).payload.items,
    ).toEqual([]);
    await shot(page, "no-coins-fr");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("parrain (eligible, no code yet) generates a code and lands on /gift-code", async ({
    page,
  }) => {
    const token = await signInAs(page, "parrain@darsi.tn", "fr");
    const had = (await me(page.request, token)).gift_code;
    await page.goto("/gift-code");
    if (had) {
      // A previous run on this server generated it: the generation page sends back to the code.
      await page.goto("/generate-gift-code");
      await expect(page).toHaveURL(/\/gift-code(\?|$)/);
    } else {
      await expect(page).toHaveURL(/\/generate-gift-code$/);
      await shot(page, "generate-fr");
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId("generate-gift-code").click();
      await expect(page).toHaveURL(/\/gift-code(\?|$)/);
    }
    const code = (await me(page.request, token)).gift_code;
    expect(code).toMatch(/^CP-[A-Z0-9]{8}$/);
    await expect(page.getByTestId("gift-code")).toHaveText(code!);
    await expect(page.getByTestId("gift-uses-empty")).toBeVisible();
  });

  for (const locale of ["fr", "ar"] as const) {
    test(`nouveau (not eligible) sees the fallback on every referral page (${locale})`, async ({
      page,
    }) => {
      await signInAs(page, "nouveau@darsi.tn", locale);
      for (const path of [
        "/gift-code",
        "/generate-gift-code",
        "/convert-coins",
        "/parrain/products",
        "/parrain/product/1",
      ]) {
        await page.goto(path);
        await expect(page.getByTestId("referral-fallback")).toBeVisible();
      }
      await expect(page.getByTestId("gift-widget")).toHaveCount(0);
      await page.goto("/");
      await expect(page.getByTestId("home-mini-panel")).toBeVisible();
      await expect(page.getByTestId("home-gifts")).toHaveCount(0);
      await page.goto("/gift-code");
      await shot(page, `fallback-${locale}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
