import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { IconUserShield } from "@tabler/icons-react";
import { meQueryOptions } from "@/lib/me";
import { useSession } from "@/lib/session";
import classes from "./shell.module.css";
import { useDisplayName } from "@/lib/displayName";

/** A visible reminder that an administrator is acting as this pupil (SPEC §6 "Admin impersonation"). */
export function AdminBanner() {
  const session = useSession();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const fullName = useDisplayName(me);
  if (!session?.adminUserId && !me.adminId) return null;
  return (
    <div className={classes.adminBanner} role="status" data-testid="admin-banner">
      <IconUserShield size={18} aria-hidden />
      <span>
        <Trans>Session administrateur</Trans>
        {" · "}
        <Trans>vous agissez au nom de {fullName}</Trans>
      </span>
    </div>
  );
}
