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
