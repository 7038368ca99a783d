/**
 * The gift catalogue, read side (issue 20 §5): `GET /student/gifts` (paged, 10 by default, by id or price) and
 * `GET /student/gifts/{id}`: active gifts with their names and descriptions in the three languages, their price in
 * tokens, their stock and their images (the cover first, then the gallery in order).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { GiftDto, GiftsQueryInput } from "../../../domain/referral";
import type { Db, Tx } from "../../db/client";
import { giftImages, gifts } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { pageMeta } from "../../lib/paging";

type GiftRow = typeof gifts.$inferSelect;

async function withImages(db: Db | Tx, rows: GiftRow[]): Promise<GiftDto[]> {
  const ids = rows.map((g) => g.id);
  const images = ids.length
    ? await db.select().from(giftImages).where(inArray(giftImages.giftId, ids)).orderBy(desc(giftImages.isCover), asc(giftImages.position), asc(giftImages.id))
    : [];
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    name_en: g.nameEn,
    name_ar: g.nameAr,
    description: g.description,
    description_en: g.descriptionEn,
    description_ar: g.descriptionAr,
    amount: g.amount,
    stock: g.stock,
    gift_images: images.filter((i) => i.giftId === g.id).map((i) => ({ id: i.id, file_url: i.fileUrl, is_cover: i.isCover })),
  }));
}

export async function listGifts(deps: Pick<Deps, "db">, q: GiftsQueryInput) {
  const column = q.orderBy === "amount" ? gifts.amount : gifts.id;
  const order = q.sortedBy === "asc" ? [asc(column), asc(gifts.id)] : [desc(column), desc(gifts.id)];
  const [total] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(gifts).where(eq(gifts.active, true));
  const rows = await deps.db
    .select()
    .from(gifts)
    .where(eq(gifts.active, true))
    .orderBy(...order)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { payload: await withImages(deps.db, rows), meta: pageMeta(q.page, q.perPage, total?.n ?? 0) };
}

export async function getGift(deps: Pick<Deps, "db">, id: number): Promise<GiftDto> {
  const rows = await deps.db.select().from(gifts).where(and(eq(gifts.id, id), eq(gifts.active, true))).limit(1);
  if (!rows.length) throw notFound();
  return (await withImages(deps.db, rows))[0]!;
}

/** The gifts of `ids` as the catalogue shows them, active or not (an order keeps showing a gift taken off the catalogue). */
export async function giftsByIds(db: Db | Tx, ids: number[]): Promise<Map<number, GiftDto>> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await db.select().from(gifts).where(inArray(gifts.id, unique)) : [];
  return new Map((await withImages(db, rows)).map((g) => [g.id, g]));
}
