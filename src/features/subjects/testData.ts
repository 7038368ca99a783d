import type { ChapterEntryDto, ChapterType, PromoCardDto, SubjectChaptersDto, SubjectDto } from "@domain/learning";

/** Test data shaped like the API's DTOs (domain/learning.ts). */
export function makeSubject(overrides: Partial<SubjectDto> = {}): SubjectDto {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `matiere-${id}`,
    name: `Matière ${id}`,
    thumbnail: `/img/subject-${id}.png`,
    progress: 40,
    color: "#4263eb",
    visible: true,
    active: true,
    position: id,
    subjectVideos: 12,
    ...overrides,
  };
}

export function makeChapter(id: number, type: ChapterType, overrides: Partial<ChapterEntryDto> = {}): ChapterEntryDto {
  return {
    chapter: { id, slug: `chapitre-${id}`, name: `Chapitre ${id}`, type, chapter_sections: [] },
    firstLessonSlug: `lecon-${id}`,
    instructor: { name: "Mohamed", last_name: "Ben Ali" },
    nbContent: 3,
    progress: 50,
    nbCompleted: 1,
    ...overrides,
  };
}

export function makePromo(id: number, position: number, overrides: Partial<PromoCardDto> = {}): PromoCardDto {
  return {
    id,
    type: "info",
    icon_url: null,
    text: `Promo ${id}`,
    text_image_url: null,
    video_link: null,
    url_link: null,
    background_url: null,
    visible: true,
    icon_position: "left",
    color: null,
    position,
    ...overrides,
  };
}

export function makeSubjectPage(overrides: Partial<SubjectChaptersDto> = {}): SubjectChaptersDto {
  return {
    subject: { ...makeSubject({ id: 1, slug: "maths", name: "Mathématiques" }), nbChapters: 2, nbContents: 6 },
    chapters: [makeChapter(1, "course"), makeChapter(2, "course")],
    tabs: [],
    otherSubjects: [],
    promoCards: [],
    ...overrides,
  };
}
