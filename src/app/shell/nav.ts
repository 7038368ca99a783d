import type { ComponentType } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  IconBook2,
  IconBroadcast,
  IconCertificate,
  IconGift,
  IconHeadset,
  IconHome,
  IconMessages,
  IconReportMoney,
  IconTag,
  IconUser,
  IconWallet,
  type IconProps,
} from "@tabler/icons-react";
import { parrainPath, type Me } from "@domain/user";
import type { AppPath } from "@/lib/links";

export type NavIcon = ComponentType<IconProps>;

/** One entry of the sidebar (SPEC §2 "Sidebar"). */
export type NavEntry =
  | {
      kind: "internal";
      key: string;
      label: MessageDescriptor;
      icon: NavIcon;
      link: { to: AppPath };
      /** Other path prefixes under which the entry counts as the current one. */
      alsoActiveOn?: readonly string[];
      /** Show the points balance beside the label. */
      withPoints?: boolean;
    }
  | { kind: "forum"; key: "forum"; label: MessageDescriptor; icon: NavIcon };

/** The entries of money (offers, wallet, revenue, referral gifts): not on a class tablet (issue 23 kiosk). */
const MONEY_ENTRIES: ReadonlySet<string> = new Set(["offers", "wallet", "revenue", "parrain"]);

/** The sidebar entries this user may see, in SPEC order, each shown by permission; `classMode`: none of money. */
export function navEntries(me: Pick<Me, "permissions" | "gift_code"> & Partial<Pick<Me, "user_type">>, classMode = false): NavEntry[] {
  // A parent's app is their own space (children and requests) and the help videos.
  if (me.user_type === "parent") {
    return [
      { kind: "internal", key: "parent", label: msg`Espace parent`, icon: IconHome, link: { to: "/request-parent-user-children" }, alsoActiveOn: ["/"] },
      { kind: "internal", key: "assistance", label: msg`Assistance`, icon: IconHeadset, link: { to: "/assistance" } },
    ];
  }
  const p = me.permissions;
  const entries: (NavEntry | false)[] = [
    { kind: "internal", key: "home", label: msg`Accueil`, icon: IconHome, link: { to: "/" } },
    { kind: "internal", key: "profile", label: msg`Mon profil`, icon: IconUser, link: { to: "/mon-profil" } },
    { kind: "internal", key: "offers", label: msg`Offres`, icon: IconTag, link: { to: "/offres" } },
    { kind: "internal", key: "subjects", label: msg`Matières`, icon: IconBook2, link: { to: "/subjects" }, alsoActiveOn: ["/courses"] },
    p.exam && {
      kind: "internal",
      key: "exams",
      label: msg`Examens`,
      icon: IconCertificate,
      link: { to: "/exams" },
      alsoActiveOn: ["/exams-calendar"],
    },
    { kind: "internal", key: "live", label: msg`En direct`, icon: IconBroadcast, link: { to: "/sessions" } },
    { kind: "forum", key: "forum", label: msg`Le forum`, icon: IconMessages },
    { kind: "internal", key: "wallet", label: msg`Porte monnaie`, icon: IconWallet, link: { to: "/porte-monnaie" }, withPoints: true },
    { kind: "internal", key: "assistance", label: msg`Assistance`, icon: IconHeadset, link: { to: "/assistance" } },
    p.influencer && { kind: "internal", key: "revenue", label: msg`Revenu`, icon: IconReportMoney, link: { to: "/revenu" } },
    p.eligibleUserForGift && {
      kind: "internal",
      key: "parrain",
      label: msg`Parrain`,
      icon: IconGift,
      link: { to: parrainPath(me) },
      alsoActiveOn: ["/gift-code", "/generate-gift-code", "/convert-coins", "/parrain"],
    },
  ];
  return entries.filter((e): e is NavEntry => e !== false && !(classMode && MONEY_ENTRIES.has(e.key)));
}

/** Whether `pathname` is `path` or below it ("/" only matches itself). */
function isUnder(pathname: string, path: string): boolean {
  if (path === "/") return pathname === "/";
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function isEntryActive(entry: NavEntry, pathname: string): boolean {
  if (entry.kind !== "internal") return false;
  return [entry.link.to, ...(entry.alsoActiveOn ?? [])].some((p) => isUnder(pathname, p));
}

/** The public pages of Darsi on social networks (footer). */
export const SOCIAL_LINKS = {
  facebook: "https://www.facebook.com/darsi.tn",
  instagram: "https://www.instagram.com/darsi.tn",
  youtube: "https://www.youtube.com/@darsi.tn",
  tiktok: "https://www.tiktok.com/@darsi.tn",
} as const;

/** "73.832.002" → "tel:+21673832002" (Tunisian landline, international form). */
export function telHref(phone: string): string {
  return `tel:+216${phone.replace(/\D/g, "")}`;
}
