import { Badge, Group, Stack, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { meQueryOptions } from "@/lib/me";
import { HintTooltip } from "@/components/HintTooltip";
import { ForumLink } from "./ForumLink";
import { NavItemBody } from "./NavItemBody";
import { usePointsWord, useFormatMillimes } from "@/lib/i18n/labels";
import { useClassMode } from "@/lib/kiosk";
import { isEntryActive, navEntries, type NavEntry } from "./nav";
import classes from "./shell.module.css";

/**
 * The sidebar's entries (SPEC §2 "Sidebar"), each shown by permission. `mini`: the 80 px icon rail of
 * desktops, labels in tooltips. `onNavigate` closes the phone drawer after a choice.
 */
export function Sidebar({ mini = false, onNavigate }: { mini?: boolean; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entries = navEntries(me, useClassMode());
  return (
    <Stack gap={mini ? 6 : 2} data-testid="sidebar" data-mini={mini || undefined}>
      {entries.map((entry) =>
        entry.kind === "forum" ? (
          <ForumLink key={entry.key} label={i18n._(entry.label)} icon={entry.icon} mini={mini} />
        ) : (
          <InternalEntry
            key={entry.key}
            entry={entry}
            label={i18n._(entry.label)}
            active={isEntryActive(entry, pathname)}
            mini={mini}
            points={entry.withPoints ? me.points : undefined}
            onNavigate={onNavigate}
          />
        ),
      )}
    </Stack>
  );
}

function InternalEntry({
  entry,
  label,
  active,
  mini,
  points,
  onNavigate,
}: {
  entry: Extract<NavEntry, { kind: "internal" }>;
  label: string;
  active: boolean;
  mini: boolean;
  points: number | undefined;
  onNavigate: (() => void) | undefined;
}) {
  const fmt = useFormatMillimes();
  const pointsWord = usePointsWord(points ?? 0);
  const Icon = entry.icon;
  const linkProps = {
    // `renderRoot`, not `component={Link}`: the router then types the link's params (`component: "a"`: no `type="button"`).
    component: "a" as const,
    renderRoot: (props: Record<string, unknown>) => <Link {...props} {...entry.link} activeOptions={{ exact: entry.link.to === "/" }} />,
    "aria-current": active ? ("page" as const) : undefined,
    onClick: onNavigate,
    "data-testid": `nav-${entry.key}`,
  };
  const pointsText = points === undefined ? null : `${fmt(points)} ${pointsWord}`;

  if (mini) {
    const tip = pointsText ? `${label} · ${pointsText}` : label;
    return (
      // The link's name is the same text (visually hidden): the bubble is for the eyes only.
      <HintTooltip label={tip} position="inline-end" describe={false}>
        <UnstyledButton {...linkProps} className={classes.railLink} mod={{ active }}>
          <Icon size={22} stroke={1.7} aria-hidden />
          <VisuallyHidden>{tip}</VisuallyHidden>
        </UnstyledButton>
      </HintTooltip>
    );
  }

  return (
    <UnstyledButton {...linkProps} className={classes.navLink} mod={{ active }}>
      <NavItemBody
        icon={<Icon size={22} stroke={1.7} aria-hidden />}
        label={
          pointsText ? (
            <Group component="span" gap={6} justify="space-between" wrap="nowrap">
              <span>{label}</span>{" "}
              <Badge component="span" color="darsi.8" variant="filled" size="md" tt="none" className={classes.pointsBadge} data-testid="nav-points">
                {pointsText}
              </Badge>
            </Group>
          ) : (
            label
          )
        }
      />
    </UnstyledButton>
  );
}
