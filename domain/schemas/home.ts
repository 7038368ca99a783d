import * as v from "valibot";
import { HOME_LIMIT_MAX } from "../home";

/** `?limit=` (1–12); the endpoint's default when absent. */
export const limitQuery = (fallback: number) =>
  v.object({
    limit: v.pipe(
      v.optional(v.pipe(v.string("limit_invalid"), v.regex(/^\d{1,2}$/, "limit_invalid"), v.transform(Number)), String(fallback)),
      v.number(),
      v.minValue(1, "limit_invalid"),
      v.maxValue(HOME_LIMIT_MAX, "limit_invalid"),
    ),
  });
