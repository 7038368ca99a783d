import { vi } from "vitest";
import type { GeneratedGiftDto, GiftCartDto, GiftDto } from "@domain/referral";

interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status: number; body: unknown } | "network";

/** A gift as `GET /student/gifts` answers it. */
export const makeGift = (id: number, over: Partial<GiftDto> = {}): GiftDto => ({
  id,
  name: `Cadeau ${id}`,
  name_en: `Gift ${id}`,
  name_ar: `هدية ${id}`,
  description: `Description ${id}`,
  description_en: `Description en ${id}`,
  description_ar: `وصف ${id}`,
  amount: 10 * id,
  stock: 3,
  gift_images: [
    { id: id * 10, file_url: `/media/public/gifts/g${id}.svg`, is_cover: true },
    {
      id: id * 10 + 1,
      file_url: `/media/public/gifts/g${id}-2.svg`,
      is_cover: false,
    },
  ],
  ...over,
});

export const makeUse = (id: number): GeneratedGiftDto => ({
  id,
  name: "Karim",
  last_name: `Ben Salah ${id}`,
  start_date: "2026-10-01",
  group_name: "Gold",
  profit_amount: 12_500,
  tokens: 25,
});

/** A cart as `GET /student/gift-requests/current` answers it: one unit of each gift. */
export const makeCart = (gifts: GiftDto[], balance: number): GiftCartDto => ({
  id: gifts.length ? 7 : null,
  items: gifts.map((gift, i) => ({ id: 100 + i, amount: gift.amount, gift })),
  amount: gifts.reduce((sum, g) => sum + g.amount, 0),
  gift_point: balance,
});

/**
 * A fake API for the referral screens: lists answered from `data`, the conversion's and the order's answers in turn
 * (`convert`, `place`), the cart (`cart`), Tunisia's governorates, and every call recorded (method, URL, body, headers).
 */
export function stubReferralApi(
  data: {
    gifts?: GiftDto[];
    uses?: GeneratedGiftDto[];
    convert?: Answer[];
    cart?: GiftCartDto;
    place?: Answer[];
  } = {},
) {
  const calls: Call[] = [];
  const page = <T>(items: T[]) =>
    Response.json({
      payload: items,
      meta: { current_page: 1, last_page: 1, total: items.length },
    });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      calls.push({
        method: init.method ?? "GET",
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const path = url.pathname.replace(/^\/api/, "");
      if (path === "/student/history/generated-gifts")
        return page(data.uses ?? []);
      if (path === "/student/gifts") return page(data.gifts ?? []);
      const one = /^\/student\/gifts\/(\d+)$/.exec(path);
      if (one) {
        const gift = (data.gifts ?? []).find((g) => g.id === Number(one[1]));
        return gift
          ? Response.json({ payload: gift })
          : Response.json(
              { message: "not found", code: "not_found" },
              { status: 404 },
            );
      }
      if (path === "/student/gift-requests/conversion-rate-gift-point")
        return Response.json({ payload: { rate: 1, min: 5 } });
      if (path === "/student/generate-gift-code")
        return Response.json({ payload: { gift_code: "CP-NEWCODE2" } });
      if (path === "/student/gift-requests/current")
        return Response.json({ payload: data.cart ?? makeCart([], 0) });
      if (path === "/countries/1/states")
        return Response.json({
          payload: [
            { id: 1, name: "Tunis", name_ar: "تونس" },
            { id: 20, name: "Sousse", name_ar: "سوسة" },
          ],
        });
      if (path === "/student/gift-requests-delivery") {
        const answer = data.place?.shift() ?? { status: 500, body: {} };
        if (answer === "network") throw new TypeError("Failed to fetch");
        return Response.json(answer.body, { status: answer.status });
      }
      if (path === "/student/gift-requests/convert-gift-point") {
        const answer = data.convert?.shift() ?? { status: 500, body: {} };
        if (answer === "network") throw new TypeError("Failed to fetch");
        return Response.json(answer.body, { status: answer.status });
      }
      return Response.json(
        { message: "not found", code: "not_found" },
        { status: 404 },
      );
    }),
  );
  return calls;
}
