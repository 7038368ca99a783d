import type * as v from "valibot";
import { pageSearchSchema } from "@/lib/search";

/** `?page&perPage` of /reports (`src/lib/search.ts`). */
export const reportsSearchSchema = pageSearchSchema;
export type ReportsSearch = v.InferOutput<typeof reportsSearchSchema>;
