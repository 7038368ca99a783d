import { PAYMENT_RETURN_MARKERS, TUNISIA_COUNTRY_ID } from "./constants";
import type { Me } from "./user";

export interface GuardSession {
  me: Pick<Me, "verified" | "completed" | "google_id" | "facebook_id" | "phone" | "country" | "permissions">;
  impersonating: boolean;
}

/**
 * Where an authenticated user must go before `pathname`, or null to let them through (SPEC §2 "Guards").
 * Admin impersonation passes every gate.
 */
export function requiredRedirect(session: GuardSession, pathname: string): "/confirm" | "/update-password" | "/mon-profil/edit" | null {
  if (session.impersonating) return null;
  const { me } = session;
  if (!me.verified) return pathname === "/confirm" ? null : "/confirm";
  if (me.permissions.changePassword) return pathname === "/update-password" ? null : "/update-password";
  const social = Boolean(me.google_id || me.facebook_id);
  const needsProfile = (social && !me.completed) || (!me.phone && (me.country?.id ?? TUNISIA_COUNTRY_ID) === TUNISIA_COUNTRY_ID);
  if (needsProfile) return pathname.startsWith("/mon-profil/edit") ? null : "/mon-profil/edit";
  return null;
}

export function isPaymentReturn(url: string): boolean {
  return PAYMENT_RETURN_MARKERS.some((m) => url.includes(m));
}

/** After login or on a public-only route: `/offres` when the query asked for it, else `/`. */
export function homeAfterLogin(nextPage: string | null | undefined): "/" | "/offres" {
  return nextPage === "offres" ? "/offres" : "/";
}

/** The parent's own space: where a parent lands, and where a pupil's page sends them. */
export const PARENT_SPACE = "/request-parent-user-children";
/** What a parent may open in the signed-in app: their space, the help videos, their profile. */
const PARENT_PATHS = [PARENT_SPACE, "/assistance", "/mon-profil"];

/** Accounts of the pupils' app (students and influencers); parents and teachers have their own. */
export const isPupilAccount = (userType: string): boolean => userType !== "parent" && userType !== "teacher";

/**
 * Where a parent must go instead of `pathname` (issue 22 item 5): every pupil page — home, subjects, lessons, wallet,
 * offers, exams, history… — sends them to their own space, so a parent never meets a pupil-only screen nor calls
 * the pupil API (which would answer 403). Null for a page a parent may open (and for any other account).
 */
export function parentRedirect(userType: string, pathname: string): typeof PARENT_SPACE | null {
  if (userType !== "parent") return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PARENT_PATHS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}_`)) ? null : PARENT_SPACE;
}
