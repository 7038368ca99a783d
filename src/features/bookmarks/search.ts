import type * as v from "valibot";
import { pageSearchSchema } from "@/lib/search";

/** `?page&perPage` of the bookmarks page (`src/lib/search.ts`). */
export const bookmarksSearchSchema = pageSearchSchema;
export type BookmarksSearch = v.InferOutput<typeof bookmarksSearchSchema>;
