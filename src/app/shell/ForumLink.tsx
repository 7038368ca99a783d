import type { ReactNode } from "react";
import { UnstyledButton, VisuallyHidden } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { IconExternalLink, IconLock } from "@tabler/icons-react";
import { HintTooltip } from "@/components/HintTooltip";
import { NavItemBody } from "./NavItemBody";
import { useForumAccess } from "@/lib/forum";
import type { NavIcon } from "./nav";
import classes from "./shell.module.css";

/**
 * "Le forum" (SPEC §2, §6): an external site. With the forum permission, a real link opening in a new tab;
 * without it, the entry explains why it is closed in a warning toast.
 */
export function ForumLink({ label, icon: Icon, mini = false }: { label: string; icon: NavIcon; mini?: boolean }) {
  const { url: forumUrl, warn } = useForumAccess();

  const newTab: ReactNode = (
    <VisuallyHidden>
      <Trans>(nouvel onglet)</Trans>
    </VisuallyHidden>
  );
  const icon = <Icon size={22} stroke={1.7} aria-hidden />;

  if (mini) {
    const common = { className: classes.railLink, "data-testid": "nav-forum" } as const;
    return (
      <HintTooltip label={label} position="inline-end" describe={false}>
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
      </HintTooltip>
    );
  }

  if (forumUrl) {
    return (
      <UnstyledButton component="a" href={forumUrl} target="_blank" rel="noopener noreferrer" className={classes.navLink} data-testid="nav-forum">
        <NavItemBody
          icon={icon}
          label={
            <>
              {label}
              {newTab}
            </>
          }
          right={<IconExternalLink size={16} aria-hidden />}
        />
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton type="button" onClick={warn} className={classes.navLink} data-testid="nav-forum">
      <NavItemBody icon={icon} label={label} right={<IconLock size={16} aria-hidden />} />
    </UnstyledButton>
  );
}
