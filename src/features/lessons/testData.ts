import { CONTENT_TYPE, type LessonDto, type LessonListItemDto } from "@domain/learning";

/** A protected-video lesson of chapter "chapitre-1" of "maths"; override what a test needs. */
export function makeLesson(overrides: Partial<LessonDto> = {}): LessonDto {
  return {
    id: 11,
    slug: "lecon-1",
    name: "Les fonctions dérivées",
    type: CONTENT_TYPE.protectedVideo,
    content_videos: { url: "/media/v/11.mp4?otp=o&playbackInfo=p", duration: 600 },
    event: null,
    content_qcm_id: null,
    instructor: { name: "Mohamed", last_name: "Ben Ali", description: null },
    attachments: [],
    attachments_hidden: false,
    media_refused: null,
    locked: false,
    lockedVideo: false,
    bookmarked: false,
    otp: "o",
    playbackInfo: "p",
    pages: null,
    rtl: false,
    progress: null,
    chapter: { id: 5, slug: "chapitre-1", name: "Dérivation", type: "course" },
    subject: { id: 2, slug: "maths", name: "Mathématiques" },
    is_free: false,
    ...overrides,
  };
}

export function makeItem(n: number, overrides: Partial<LessonListItemDto> = {}): LessonListItemDto {
  return {
    id: 10 + n,
    slug: `lecon-${n}`,
    name: `Leçon ${n}`,
    type: CONTENT_TYPE.protectedVideo,
    duration: 600,
    locked: false,
    completed: false,
    percentage: 0,
    sectionId: null,
    is_free: false,
    ...overrides,
  };
}
