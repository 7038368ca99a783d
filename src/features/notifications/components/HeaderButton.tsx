import type { ComponentPropsWithRef, ReactNode } from "react";
import { ActionIcon, Indicator } from "@mantine/core";

export interface HeaderButtonProps extends Omit<ComponentPropsWithRef<"button">, "color"> {
  icon: ReactNode;
  /** Unread items: a red count on the icon (hidden at 0; 99+ beyond). */
  count: number;
  label: string;
}

/**
 * The top bar's trigger of a header menu (notifications, messages): 44 px icon with the unread count. The shell draws
 * it before the menu's code is there (same look and name); the menu then wraps the same button.
 */
export function HeaderButton({ icon, count, label, ...props }: HeaderButtonProps) {
  return (
    <ActionIcon variant="subtle" color="gray" c="var(--mantine-color-text)" size={44} aria-label={label} {...props}>
      <Indicator color="red.8" size={17} offset={2} label={count > 99 ? "99+" : count} disabled={count === 0} inline aria-hidden>
        {icon}
      </Indicator>
    </ActionIcon>
  );
}
