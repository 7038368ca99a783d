import { useState } from "react";
import { flushSync } from "react-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { signOut } from "@/features/auth/session";
import { configQueryOptions } from "@/lib/config";
import { getTabletDevice } from "@/lib/tablet";
import { isAbsoluteUrl } from "./isAbsoluteUrl";
import { setLeaving } from "./leaving";

/**
 * "Déconnecter": wipes the device (signOut) behind the shell's loader, then goes to the registration page the
 * configuration names or to /login. `busy` while it runs; a second click does nothing.
 */
export function useLogout() {
  const { data: config } = useQuery(configQueryOptions);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    if (busy) return;
    setBusy(true);
    let registrationUrl = config?.registrationUrl ?? "";
    if (!registrationUrl) {
      try {
        registrationUrl = (await queryClient.fetchQuery(configQueryOptions)).registrationUrl;
      } catch {
        // Offline: logout still wipes the device and goes to /login.
      }
    }
    // The shell shows a loader from now on: nothing that reads the user stays mounted while it is wiped.
    flushSync(() => setLeaving(true));
    const target = await signOut(queryClient, registrationUrl);
    // A class tablet goes back to its pupils' grid (issue 23), with nothing of this pupil left.
    if (getTabletDevice()) {
      await navigate({ to: "/tablette" }).catch(() => window.location.assign("/tablette"));
      return;
    }
    if (isAbsoluteUrl(target)) {
      window.location.assign(target);
      return;
    }
    // The shell resets the flag when it unmounts (see AppLayout).
    await navigate({ to: "/login" }).catch(() => window.location.assign("/login"));
  };

  return { busy, logout };
}
