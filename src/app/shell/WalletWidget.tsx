import { Progress, VisuallyHidden } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { IconWallet } from "@tabler/icons-react";
import { pointsLabelVariant } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { HintTooltip } from "@/components/HintTooltip";
import { FreeHoursText, freeHoursPercent } from "./FreeHoursBar";
import { usePointsWord, useFormatMillimes } from "@/lib/i18n/labels";
import classes from "./shell.module.css";

/**
 * The points balance in the top bar, leading to the wallet. The word after the number follows the
 * language's plural rules; with free hours, a thin bar shows how much of them is used.
 * `compact`: the word is only read by screen readers on phones.
 */
export function WalletWidget({ compact = false }: { compact?: boolean }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const fmt = useFormatMillimes();
  const word = usePointsWord(me.points);
  const freeHours = me.freeHours;
  const link = (
    <Link to="/porte-monnaie" className={classes.widget} data-testid="wallet-widget" data-variant={pointsLabelVariant(me.points)}>
      <IconWallet size={20} className={`${classes.widgetIcon} ${classes.walletIcon}`} aria-hidden />
      <span style={{ display: "flex", flexDirection: "column", gap: 3 }}>
        <span>
          <VisuallyHidden>
            <Trans>Porte monnaie :</Trans>{" "}
          </VisuallyHidden>
          <span className={classes.widgetValue}>{fmt(me.points)}</span>{" "}
          <span className={compact ? classes.srOnPhone : undefined} data-testid="wallet-label">
            {word}
          </span>
        </span>
        {freeHours && (
          <>
            <Progress
              value={freeHoursPercent(freeHours)}
              size={4}
              color="teal.8"
              className={`${classes.freeHours} ${compact ? classes.hideOnPhone : ""}`}
              aria-hidden
              data-testid="wallet-free-hours"
            />
            <VisuallyHidden>
              <FreeHoursText freeHours={freeHours} />
            </VisuallyHidden>
          </>
        )}
      </span>
    </Link>
  );
  if (!freeHours) return link;
  return (
    // The link already contains the text (visually hidden): the bubble is for the eyes only.
    <HintTooltip label={<FreeHoursText freeHours={freeHours} />} describe={false} openDelay={300}>
      {link}
    </HintTooltip>
  );
}
