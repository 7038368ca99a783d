import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { setTabletDevice, tabletHeaders } from "@/lib/tablet";
import { forgetClassChapters } from "../offline/classChapters";

/**
 * `POST /tablet/disable`: a fresh code of the class turns the tablet off; the device forgets its credential and its
 * class's shared chapters.
 */
export function useDisableTablet() {
  return useMutation({
    mutationFn: async (code: string) => (await api<{ id: number; revoked_at: string }>("/tablet/disable", { method: "POST", body: { code }, anonymous: true, headers: tabletHeaders() })).payload,
    onSuccess: async () => {
      setTabletDevice(null);
      await forgetClassChapters().catch(() => undefined);
    },
  });
}
