import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { RequestStatus } from "@domain/profile";

/** Status of a report card or a class-change request (SPEC §4: pending, approved green, rejected red). */
export const STATUS_LABEL: Record<RequestStatus, MessageDescriptor> = {
  pending: msg`En attente`,
  approved: msg`Approuvé`,
  rejected: msg`Refusé`,
};
export const STATUS_COLOR: Record<RequestStatus, string> = {
  pending: "yellow.9",
  approved: "green.9",
  rejected: "red.9",
};

export const GENDER_LABEL = { male: msg`Garçon`, female: msg`Fille` } as const;

export const LEVEL_ORDER = ["primary", "basic", "secondary", "baccalaureate"] as const;
export const LEVEL_LABEL: Record<string, MessageDescriptor> = {
  primary: msg`Primaire`,
  basic: msg`Enseignement de base`,
  secondary: msg`Secondaire`,
  baccalaureate: msg`Baccalauréat`,
};
