import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countries, delegations, divisions, editDivisionReasons, institutes, optionalSubjects, states } from "../../db/schema";

/** Reference lists; names come in French (`name`) with their Arabic and English forms where they exist. */
export const referenceCatalog = {
  countries: (db: Db) =>
    db.select({ id: countries.id, name: countries.name, name_en: countries.nameEn, name_ar: countries.nameAr, code: countries.code }).from(countries).orderBy(asc(countries.id)),
  states: (db: Db, countryId: number) =>
    db.select({ id: states.id, name: states.name, name_ar: states.nameAr }).from(states).where(eq(states.countryId, countryId)).orderBy(asc(states.id)),
  delegations: (db: Db, stateId: number) =>
    db.select({ id: delegations.id, name: delegations.name, name_ar: delegations.nameAr }).from(delegations).where(eq(delegations.stateId, stateId)).orderBy(asc(delegations.id)),
  institutes: (db: Db, stateId: number) =>
    db
      .select({ id: institutes.id, name: institutes.name, delegation_id: institutes.delegationId })
      .from(institutes)
      .where(eq(institutes.stateId, stateId))
      .orderBy(asc(institutes.name)),
  divisions: (db: Db) =>
    db
      .select({ id: divisions.id, name: divisions.name, name_en: divisions.nameEn, name_ar: divisions.nameAr, level: divisions.level })
      .from(divisions)
      .orderBy(asc(divisions.position)),
  editDivisionReasons: (db: Db) =>
    db.select({ id: editDivisionReasons.id, name: editDivisionReasons.name, name_en: editDivisionReasons.nameEn, name_ar: editDivisionReasons.nameAr }).from(editDivisionReasons).orderBy(asc(editDivisionReasons.id)),
  optionalSubjects: (db: Db, divisionId: number) =>
    db.select({ id: optionalSubjects.id, name: optionalSubjects.name, name_ar: optionalSubjects.nameAr }).from(optionalSubjects).where(eq(optionalSubjects.divisionId, divisionId)).orderBy(asc(optionalSubjects.name)),
};
