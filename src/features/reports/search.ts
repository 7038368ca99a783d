import * as v from "valibot";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@domain/constants";

/** `?page&perPage` of /reports: page ≥ 1 (default 1), perPage 10, 25 or 100 (default 10). */
export const reportsSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)), 1), 1),
  perPage: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.picklist(PAGE_SIZES)), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
});
export type ReportsSearch = v.InferOutput<typeof reportsSearchSchema>;
