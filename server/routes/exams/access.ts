import { PUPIL_ONLY, type Access } from "../../lib/access";

/**
 * Exams: pupils of the class with the exam permission (a live offer). The unverified pupil has none (and the gate stops
 * them first); another class's exam, or another pupil's file or upload, is not found.
 */
export const EXAM_ACCESS: Access = { ...PUPIL_ONLY, otherPupil: 404, unverified: 403 };
