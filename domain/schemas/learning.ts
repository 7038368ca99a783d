import * as v from "valibot";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MIN_CHARS } from "../constants";
import { idSchema, intSchema } from "./common";

/** Slugs of subjects, chapters and lessons. */
const SLUG_RE = /^[a-z0-9-]{1,80}$/;
export const slugSchema = v.pipe(v.string("slug_invalid"), v.regex(SLUG_RE, "slug_invalid"));

export const SubjectParams = v.object({ slug: slugSchema });
export const ChapterParams = v.object({ subject: slugSchema, chapter: slugSchema });
export const LessonParams = v.object({ subject: slugSchema, chapter: slugSchema, lessonSlug: slugSchema });
export const BookmarkParams = v.object({ subject: slugSchema, chapter: slugSchema, content: slugSchema });
export const RecordingChapterParams = v.object({ chapter: slugSchema });
export const IdParams = v.object({ id: idSchema });

const pageNumber = v.pipe(
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, "page_invalid"), v.transform(Number)), "1"),
  v.number(),
  v.minValue(1, "page_invalid"),
);
const perPage = v.pipe(
  v.optional(v.picklist(PAGE_SIZES.map(String) as [string, ...string[]], "per_page_invalid"), String(DEFAULT_PAGE_SIZE)),
  v.transform(Number),
);
/** `?page&perPage` of paged lists (10/25/100, default 10). */
export const PageQuery = v.object({ page: pageNumber, perPage });

/** `POST /search/autocomplete`: at least 3 characters after trimming. */
const SEARCH_MAX_CHARS = 100;

export const AutocompleteSchema = v.object({
  term: v.pipe(
    v.string("term_required"),
    v.trim(),
    // One code per failure (an empty term is "required", not also "too short").
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const n = Array.from(dataset.value).length;
      if (n === 0) addIssue({ message: "term_required" });
      else if (n < SEARCH_MIN_CHARS) addIssue({ message: "term_too_short" });
      else if (n > SEARCH_MAX_CHARS) addIssue({ message: "term_too_long" });
    }),
  ),
});

/** `POST /student/video-reports`: reason and description required (SPEC §5). */
export const VideoReportSchema = v.object({
  content: idSchema,
  reportReason: v.pipe(
    v.union([v.number(), v.string()], "report_reason_required"),
    intSchema("report_reason_invalid", 1),
  ),
  description: v.pipe(
    v.string("description_required"),
    v.trim(),
    v.nonEmpty("description_required"),
    v.maxLength(1000, "description_too_long"),
  ),
});

/** `?subject=` narrowing `GET /chapters-recording/{chapter}/contents`. */
export const RecordingQuery = v.object({ subject: v.optional(slugSchema) });

/** The bookmark toggle's body: the client may repeat the chapter and content (ids or slugs); the path decides. */
export const BookmarkBody = v.object({
  chapter: v.optional(v.union([slugSchema, idSchema], "validation_failed")),
  content: v.optional(v.union([slugSchema, idSchema], "validation_failed")),
});
