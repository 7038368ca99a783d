import * as v from "valibot";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@domain/constants";

/**
 * A query-string value read as text. The router parses `?userId=2` into the number 2 and `?q=[1]` into an
 * array; anything that is not text or a number is dropped instead of breaking the page.
 */
export const searchText = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined);

/** `?page&perPage` of a paged list: page ≥ 1 (default 1), perPage 10, 25 or 100 (default 10); anything else falls back. */
const pageSearchEntries = {
  page: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1)), 1), 1),
  perPage: v.fallback(
    v.optional(v.pipe(v.unknown(), v.transform(Number), v.picklist(PAGE_SIZES)), DEFAULT_PAGE_SIZE),
    DEFAULT_PAGE_SIZE,
  ),
};

/** The search of a page that is only a paged list. */
export const pageSearchSchema = v.object(pageSearchEntries);
