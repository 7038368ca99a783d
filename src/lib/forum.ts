import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { forumWarning } from "@domain/user";
import { configQueryOptions } from "./config";
import { meQueryOptions } from "./me";
import { toast } from "./toast";

export interface ForumAccess {
  /** The forum's address when the pupil may open it (and the configuration has loaded); otherwise undefined. */
  url: string | undefined;
  allowed: boolean;
  /** Without the forum permission: explains in a warning toast why the forum is closed (SPEC §6). */
  warn: () => void;
}

/**
 * The external forum (SPEC §2, §6) for the signed-in pupil: a real link with the forum permission; without it,
 * "Vous ne pouvez pas accéder au forum" (no offer of group 33) or the Silver+ / Gold upgrade message. Used by the
 * shell's "Le forum" entry and the home's forum widget so both behave the same.
 */
export function useForumAccess(): ForumAccess {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const { data: config } = useQuery(configQueryOptions);
  const allowed = me.permissions.forum;
  const warn = () => {
    // With the permission, the link appears as soon as the configuration has loaded.
    if (allowed) return;
    const reason = forumWarning(me.affiliations) ?? "no_access";
    toast.show({
      id: "forum-warning",
      color: "orange",
      closeButtonProps: { "aria-label": t`Fermer` },
      message:
        reason === "upgrade"
          ? t`Pour profiter du forum veuillez souscrire à Silver+ ou Gold pour toute l année`
          : t`Vous ne pouvez pas accéder au forum`,
    });
  };
  return { url: allowed ? config?.forumUrl : undefined, allowed, warn };
}
