/** The operator landing page's reference data: the offer per level with its prices, and the classes of a level. */
import { asc, eq } from "drizzle-orm";
import { OPERATOR_LEVELS, OPERATOR_OFFER_ID, OPERATOR_PRICES, type OperatorDivisionDto, type OperatorLevel, type OperatorOfferDto } from "../../../domain/operator";
import { divisions, offerGroups } from "../../db/schema";
import type { Deps } from "../../lib/deps";

/** `GET /offers`: one card per level (primary, basic, secondary, baccalaureate) with its per-day and per-week price. */
export async function listOperatorOffers(deps: Pick<Deps, "db">): Promise<OperatorOfferDto[]> {
  const [group] = await deps.db.select({ id: offerGroups.id, name: offerGroups.name, name_ar: offerGroups.nameAr, name_en: offerGroups.nameEn }).from(offerGroups).where(eq(offerGroups.id, OPERATOR_OFFER_ID)).limit(1);
  return OPERATOR_LEVELS.map((level) => ({
    level,
    perDay: OPERATOR_PRICES[level].perDay,
    perWeek: OPERATOR_PRICES[level].perWeek,
    offer_id: OPERATOR_OFFER_ID,
    group: group ?? { id: OPERATOR_OFFER_ID, name: "Silver" },
  }));
}

/** `GET /{level}/divisions`: the classes of one level, in school order. */
export async function listLevelDivisions(deps: Pick<Deps, "db">, level: OperatorLevel): Promise<OperatorDivisionDto[]> {
  const rows = await deps.db
    .select({ id: divisions.id, name: divisions.name, name_ar: divisions.nameAr, name_en: divisions.nameEn })
    .from(divisions)
    .where(eq(divisions.level, level))
    .orderBy(asc(divisions.position));
  return rows;
}
