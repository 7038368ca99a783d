/**
 * `POST /search/autocomplete`: subjects, chapters and lessons of the pupil's class whose name contains the term,
 * compared without case and accents. PGlite has no extension (no unaccent), so both sides are folded: the term in JS
 * (normalizeSearch), the names in SQL with translate() over the accented letters of French, then lower().
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { normalizeSearch, type AutocompleteItemDto, type ChapterType } from "../../../domain/learning";
import { chapters, contents, subjects } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { loadViewer } from "./access";

export const AUTOCOMPLETE_LIMIT = 10;

const ACCENTED = "àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuy";

const folded = (column: SQL | typeof subjects.name) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function autocomplete(deps: Pick<Deps, "db" | "now">, userId: number, term: string): Promise<AutocompleteItemDto[]> {
  const viewer = await loadViewer(deps.db, userId, deps.now());
  if (viewer.divisionId === null) return [];
  const pattern = `%${escapeLike(normalizeSearch(term))}%`;
  const inClass = and(eq(subjects.divisionId, viewer.divisionId), eq(subjects.visible, true), eq(subjects.active, true));
  const items: AutocompleteItemDto[] = [];

  const subjectRows = await deps.db
    .select({ name: subjects.name, slug: subjects.slug })
    .from(subjects)
    .where(and(inClass, sql`${folded(subjects.name)} like ${pattern}`))
    .orderBy(asc(subjects.position))
    .limit(AUTOCOMPLETE_LIMIT);
  items.push(...subjectRows.map((s) => ({ type: "subject" as const, name: s.name, slug: s.slug, subjectSlug: s.slug, chapterSlug: null })));

  if (items.length < AUTOCOMPLETE_LIMIT) {
    const chapterRows = await deps.db
      .select({ name: chapters.name, slug: chapters.slug, subjectSlug: subjects.slug, type: chapters.type })
      .from(chapters)
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(inClass, sql`${folded(sql`${chapters.name}`)} like ${pattern}`))
      .orderBy(asc(subjects.position), asc(chapters.position))
      .limit(AUTOCOMPLETE_LIMIT - items.length);
    items.push(
      ...chapterRows.map((c) => ({
        type: "chapter" as const,
        name: c.name,
        slug: c.slug,
        subjectSlug: c.subjectSlug,
        chapterSlug: c.slug,
        chapterType: c.type as ChapterType,
      })),
    );
  }
  if (items.length < AUTOCOMPLETE_LIMIT) {
    const contentRows = await deps.db
      .select({ name: contents.name, slug: contents.slug, subjectSlug: subjects.slug, chapterSlug: chapters.slug, type: chapters.type })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(inClass, sql`${folded(sql`${contents.name}`)} like ${pattern}`))
      .orderBy(asc(subjects.position), asc(chapters.position), asc(contents.position))
      .limit(AUTOCOMPLETE_LIMIT - items.length);
    items.push(
      ...contentRows.map((c) => ({
        type: "content" as const,
        name: c.name,
        slug: c.slug,
        subjectSlug: c.subjectSlug,
        chapterSlug: c.chapterSlug,
        chapterType: c.type as ChapterType,
      })),
    );
  }
  return items;
}
