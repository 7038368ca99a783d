import { VisuallyHidden } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { IconGift } from "@tabler/icons-react";
import { parrainPath } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import classes from "./shell.module.css";

/** The tokens (jetons) of the referral programme; only for gift-eligible pupils (SPEC §2, §6). */
export function GiftBalanceWidget({ className }: { className?: string }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const fmt = useFormatNumber();
  const word = useTokensWord(me.gift_point);
  if (!me.permissions.eligibleUserForGift) return null;
  return (
    <Link to={parrainPath(me)} className={`${classes.widget} ${className ?? ""}`} data-testid="gift-widget">
      <IconGift size={20} className={`${classes.widgetIcon} ${classes.giftIcon}`} aria-hidden />
      <span>
        <VisuallyHidden>
          <Trans>Solde parrainage :</Trans>{" "}
        </VisuallyHidden>
        <span className={classes.widgetValue}>{fmt(me.gift_point)}</span> <span data-testid="gift-label">{word}</span>
      </span>
    </Link>
  );
}
