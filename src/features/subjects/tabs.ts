import type { ChapterType } from "@domain/learning";

/** The subject page's tabs, in SPEC order (Cours, Examens, Enregistrements, Divers); `?tab=` holds one. */
export const SUBJECT_TABS = ["course", "exam", "recording", "divers"] as const satisfies readonly ChapterType[];
export type SubjectTab = (typeof SUBJECT_TABS)[number];
export const DEFAULT_SUBJECT_TAB: SubjectTab = "course";
