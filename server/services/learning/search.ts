/**
 * `POST /search/autocomplete`: subjects, chapters and lessons of the pupil's class whose name contains the term,
 * compared without case and accents. PGlite has no extension (no unaccent), so both sides are folded: the term in JS
 * (normalizeSearch), the names in SQL with translate() over the accented letters of French, then lower().
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { normalizeSearch, type AutocompleteItemDto, type ChapterType } from "../../../domain/learning";
import { searchAllowed } from "../../../domain/user";
import { chapters, contents, subjects } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { forbidden } from "../../lib/errors";
import { loadViewer } from "./access";

const AUTOCOMPLETE_LIMIT = 10;

// Arabic letters with a hamza or madda decompose (NFD) to their base letter and a mark that normalizeSearch drops.
const ACCENTED = "àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝأإآؤئ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyاااوي";

const folded = (column: SQL | typeof subjects.name) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
/** The French, Arabic or English name contains the pattern. */
const anyName = (pattern: string, ...columns: SQL[]) => sql.join(columns.map((c) => sql`coalesce(${folded(c)} like ${pattern}, false)`), sql` or `);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function autocomplete(deps: Pick<Deps, "db" | "now">, userId: number, term: string): Promise<AutocompleteItemDto[]> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  if (!searchAllowed(viewer.groupIds)) throw forbidden("search_disabled");
  if (viewer.divisionId === null) return [];
  const pattern = `%${escapeLike(normalizeSearch(term))}%`;
  const inClass = and(eq(subjects.divisionId, viewer.divisionId), eq(subjects.visible, true), eq(subjects.active, true));
  const items: AutocompleteItemDto[] = [];

  const subjectRows = await deps.db
    .select({ name: subjects.name, name_ar: subjects.nameAr, name_en: subjects.nameEn, slug: subjects.slug })
    .from(subjects)
    .where(and(inClass, sql`(${anyName(pattern, sql`${subjects.name}`, sql`${subjects.nameAr}`, sql`${subjects.nameEn}`)})`))
    .orderBy(asc(subjects.position))
    .limit(AUTOCOMPLETE_LIMIT);
  items.push(...subjectRows.map((s) => ({ type: "subject" as const, name: s.name, name_ar: s.name_ar, name_en: s.name_en, slug: s.slug, subjectSlug: s.slug, chapterSlug: null })));

  if (items.length < AUTOCOMPLETE_LIMIT) {
    const chapterRows = await deps.db
      .select({
        name: chapters.name,
        name_ar: chapters.nameAr,
        name_en: chapters.nameEn,
        slug: chapters.slug,
        subjectSlug: subjects.slug,
        type: chapters.type,
        // The chapter opens on its first lesson, as from the subject page.
        firstLessonSlug: sql<string | null>`(select ${contents.slug} from ${contents} where ${contents.chapterId} = ${chapters.id} order by ${contents.position}, ${contents.id} limit 1)`,
      })
      .from(chapters)
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(inClass, sql`(${anyName(pattern, sql`${chapters.name}`, sql`${chapters.nameAr}`, sql`${chapters.nameEn}`)})`))
      .orderBy(asc(subjects.position), asc(chapters.position))
      .limit(AUTOCOMPLETE_LIMIT - items.length);
    items.push(
      ...chapterRows.map((c) => ({
        type: "chapter" as const,
        name: c.name,
        name_ar: c.name_ar,
        name_en: c.name_en,
        slug: c.slug,
        subjectSlug: c.subjectSlug,
        chapterSlug: c.slug,
        chapterType: c.type as ChapterType,
        firstLessonSlug: c.firstLessonSlug,
      })),
    );
  }
  if (items.length < AUTOCOMPLETE_LIMIT) {
    const contentRows = await deps.db
      .select({ name: contents.name, name_ar: contents.nameAr, name_en: contents.nameEn, slug: contents.slug, subjectSlug: subjects.slug, chapterSlug: chapters.slug, type: chapters.type })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(inClass, sql`(${anyName(pattern, sql`${contents.name}`, sql`${contents.nameAr}`, sql`${contents.nameEn}`)})`))
      .orderBy(asc(subjects.position), asc(chapters.position), asc(contents.position))
      .limit(AUTOCOMPLETE_LIMIT - items.length);
    items.push(
      ...contentRows.map((c) => ({
        type: "content" as const,
        name: c.name,
        name_ar: c.name_ar,
        name_en: c.name_en,
        slug: c.slug,
        subjectSlug: c.subjectSlug,
        chapterSlug: c.chapterSlug,
        chapterType: c.type as ChapterType,
      })),
    );
  }
  return items;
}
