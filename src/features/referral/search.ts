import type * as v from "valibot";
import { pageSearchSchema } from "@/lib/search";

/** `?page&perPage` of a referral list (the uses of the code, the gift catalogue, the orders) (`src/lib/search.ts`). */
export const referralPageSearchSchema = pageSearchSchema;
export type ReferralPageSearch = v.InferOutput<typeof referralPageSearchSchema>;
