import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { ExamKind, ExamState } from "@domain/exams";

/** SPEC §4: the pupil's state of an exam. */
export const STATE_LABELS: Record<ExamState, MessageDescriptor> = {
  upcoming: msg`À venir`,
  not_started: msg`Examen pas encore commencé`,
  started: msg`En cours`,
  finished: msg`Temps écoulé`,
  expired: msg`Terminé`,
};

/** Filled badges in dark shades: white text at AA contrast. */
export const STATE_COLORS: Record<ExamState, string> = {
  upcoming: "gray.7",
  not_started: "blue.8",
  started: "teal.9",
  finished: "orange.9",
  expired: "red.9",
};

export const KIND_LABELS: Record<ExamKind, MessageDescriptor> = {
  bac_blanc: msg`Bac blanc`,
  devoir: msg`Devoir`,
};
