import type { ReactNode } from "react";
import { NavLink, Tooltip, UnstyledButton, VisuallyHidden, useDirection } from "@mantine/core";
import { toast } from "@/lib/toast";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconExternalLink, IconLock } from "@tabler/icons-react";
import { forumWarning } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { configQueryOptions } from "@/lib/config";
import type { NavIcon } from "./nav";
import classes from "./shell.module.css";

/**
 * "Le forum" (SPEC §2, §6): an external site. With the forum permission, a real link opening in a new tab;
 * without it, the entry explains why it is closed in a warning toast.
 */
export function ForumLink({ label, icon: Icon, mini = false }: { label: string; icon: NavIcon; mini?: boolean }) {
  const { t } = useLingui();
  const { dir } = useDirection();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const { data: config } = useQuery(configQueryOptions);
  const forumUrl = me.permissions.forum ? config?.forumUrl : undefined;

  const warn = () => {
    // With the permission, the link appears as soon as the configuration has loaded.
    if (me.permissions.forum) return;
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

  const newTab: ReactNode = (
    <VisuallyHidden>
      <Trans>(nouvel onglet)</Trans>
    </VisuallyHidden>
  );
  const icon = <Icon size={22} stroke={1.7} aria-hidden />;

  if (mini) {
    const common = { className: classes.railLink, "data-testid": "nav-forum" } as const;
    return (
      <Tooltip label={label} position={dir === "rtl" ? "left" : "right"} withArrow>
        {forumUrl ? (
          <UnstyledButton component="a" href={forumUrl} target="_blank" rel="noopener noreferrer" {...common}>
            {icon}
            <VisuallyHidden>{label}</VisuallyHidden>
            {newTab}
          </UnstyledButton>
        ) : (
          <UnstyledButton onClick={warn} {...common}>
            {icon}
            <VisuallyHidden>{label}</VisuallyHidden>
          </UnstyledButton>
        )}
      </Tooltip>
    );
  }

  if (forumUrl) {
    return (
      <NavLink
        component="a"
        href={forumUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.navLink}
        label={
          <>
            {label}
            {newTab}
          </>
        }
        leftSection={icon}
        rightSection={<IconExternalLink size={16} aria-hidden />}
        data-testid="nav-forum"
      />
    );
  }
  return (
    <NavLink
      component="button"
      type="button"
      onClick={warn}
      className={classes.navLink}
      label={label}
      leftSection={icon}
      rightSection={<IconLock size={16} aria-hidden />}
      data-testid="nav-forum"
    />
  );
}
