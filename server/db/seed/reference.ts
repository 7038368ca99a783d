import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { countries, delegations, divisions, editDivisionReasons, institutes, offerGroups, optionalSubjects, states } from "../schema";
import * as tn from "./data/tunisia";

/** Offer groups the rules refer to (SPEC §9) and the named plans of SPEC §1. */
const OFFER_GROUPS = [
  { id: 33, name: "Silver", nameAr: "فضي", nameEn: "Silver" },
  { id: 34, name: "Silver+", nameAr: "فضي+", nameEn: "Silver+" },
  { id: 35, name: "Gold", nameAr: "ذهبي", nameEn: "Gold" },
  { id: 36, name: "Excellent", nameAr: "ممتاز", nameEn: "Excellent" },
  { id: 37, name: "Standard", nameAr: "عادي", nameEn: "Standard" },
  { id: 38, name: "Top 50", nameAr: "توب 50", nameEn: "Top 50" },
  { id: 80, name: "Optimum", nameAr: "أوبتيموم", nameEn: "Optimum" },
  { id: 83, name: "Pack enregistrements", nameAr: "باقة التسجيلات", nameEn: "Recordings pack" },
  { id: 84, name: "Pack matières", nameAr: "باقة المواد", nameEn: "Subject pack" },
  { id: 85, name: "Toutes les matières", nameAr: "كل المواد", nameEn: "All subjects" },
  { id: 104, name: "Essai", nameAr: "تجربة", nameEn: "Trial" },
  { id: 107, name: "Enfant d'enseignant", nameAr: "ابن(ة) مدرّس", nameEn: "Teacher's child" },
  { id: 112, name: "Enfant d'enseignant (pilote)", nameAr: "ابن(ة) مدرّس (نموذجي)", nameEn: "Teacher's child (pilot)" },
  { id: 115, name: "Pack 2-3 matières", nameAr: "باقة 2-3 مواد", nameEn: "2-3 subject pack" },
  { id: 119, name: "Pack révision", nameAr: "باقة المراجعة", nameEn: "Revision pack" },
  { id: 122, name: "Toutes les matières (trimestre)", nameAr: "كل المواد (ثلاثي)", nameEn: "All subjects (term)" },
  { id: 127, name: "Toutes les matières (mois)", nameAr: "كل المواد (شهر)", nameEn: "All subjects (month)" },
];

/** Inserts countries, governorates, delegations, schools, classes and the other reference lists once. */
export async function seedReference(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(countries);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(countries).values(tn.countries.map((c) => ({ ...c })));
    await tx.insert(states).values(tn.governorates.map((g) => ({ id: g.id, countryId: 1, name: g.name, nameAr: g.nameAr })));
    let delegationId = 0;
    const delegationIds = new Map<string, number>();
    const delegationRows = tn.governorates.flatMap((g) =>
      g.delegations.map((d) => {
        delegationId += 1;
        delegationIds.set(`${g.id}:${d.name}`, delegationId);
        return { id: delegationId, stateId: g.id, name: d.name, nameAr: d.nameAr };
      }),
    );
    await tx.insert(delegations).values(delegationRows);
    await tx.insert(institutes).values(
      tn.institutes.map((i, index) => ({
        id: index + 1,
        stateId: i.governorateId,
        delegationId: delegationIds.get(`${i.governorateId}:${i.delegation}`) ?? null,
        name: i.name,
      })),
    );
    await tx.insert(divisions).values(tn.divisions.map((d) => ({ ...d })));
    await tx.insert(optionalSubjects).values(tn.optionalSubjects.map((o) => ({ ...o })));
    await tx.insert(editDivisionReasons).values(tn.editDivisionReasons.map((r) => ({ ...r })));
    await tx.insert(offerGroups).values(OFFER_GROUPS);
  });
  return true;
}
