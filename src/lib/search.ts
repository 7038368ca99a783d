import * as v from "valibot";

/**
 * A query-string value read as text. The router parses `?userId=2` into the number 2 and `?q=[1]` into an
 * array; anything that is not text or a number is dropped instead of breaking the page.
 */
export const searchText = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined);
