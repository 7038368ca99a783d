import type * as v from "valibot";
import { pageSearchSchema } from "@/lib/search";

/** `?page&perPage` of the coupon revenue table (`src/lib/search.ts`). */
export const revenueSearchSchema = pageSearchSchema;
export type RevenueSearch = v.InferOutput<typeof revenueSearchSchema>;
