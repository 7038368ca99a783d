import type { ComponentPropsWithRef } from "react";
import { Avatar, Box, Indicator, Text, UnstyledButton } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { IconChevronDown } from "@tabler/icons-react";
import { useAvatarSrc } from "@/lib/avatar";
import { meQueryOptions } from "@/lib/me";
import classes from "./shell.module.css";
import { useDisplayName } from "@/lib/displayName";

/**
 * The user menu's trigger: avatar (with a dot while a parent's request waits), name from 1200 px, chevron.
 * Drawn the same whether the menu's code is there yet or not (UserMenu.tsx); the menu adds its handlers and
 * ARIA state through `props`.
 */
export function UserMenuTrigger({ className, ...props }: ComponentPropsWithRef<"button">) {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const fullName = useDisplayName(me);
  const pendingParent = me.hasParent && me.hasParentRequest;
  const avatar = useAvatarSrc(me.avatar);
  return (
    <UnstyledButton
      {...props}
      className={className ? `${classes.userButton} ${className}` : classes.userButton}
      aria-label={t`${fullName}, menu du compte`}
      data-testid="user-menu"
    >
      {/* No initials: letters the label does not say would break "label in name" (WCAG 2.5.3) for voice control; the
          label starts with the name the button shows from 1200 px. */}
      <Indicator color="red.8" size={11} offset={4} withBorder disabled={!pendingParent} processing aria-hidden>
        <Avatar src={avatar} color="darsi.8" variant="filled" size={34} radius="xl" alt="" />
      </Indicator>
      <Box component="span" className={classes.hideBelowDesktop} maw={140}>
        <Text component="span" size="sm" fw={600} truncate="end" display="block">
          {fullName}
        </Text>
      </Box>
      <IconChevronDown size={16} aria-hidden className={classes.hideOnPhone} />
    </UnstyledButton>
  );
}
