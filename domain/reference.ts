/**
 * What the reference lists answer (SPEC §3 "Levels reference", countries, governorates, delegations, institutes,
 * class-change reasons, optional subjects), written once as valibot schemas: the server declares them as its answers
 * (`answer` of the routes, checked in tests and published in the OpenAPI document) and the client reads their types.
 */
import * as v from "valibot";

const id = v.pipe(v.number(), v.integer());
const text = v.string();

export const CountryDtoSchema = v.strictObject({ id, name: text, name_en: text, name_ar: text, code: text });
export const StateDtoSchema = v.strictObject({ id, name: text, name_ar: text });
export const DelegationDtoSchema = StateDtoSchema;
export const InstituteDtoSchema = v.strictObject({ id, name: text, delegation_id: v.nullable(id) });
export const DivisionDtoSchema = v.strictObject({ id, name: text, name_en: text, name_ar: text, level: text });
export const EditDivisionReasonDtoSchema = v.strictObject({ id, name: text, name_en: text, name_ar: text });
export const OptionalSubjectDtoSchema = StateDtoSchema;

