/** Truncation lengths of the viewer (SPEC §9). */
export const LESSON_TITLE_MAX = 56;
export const ATTACHMENT_NAME_MAX = 15;
