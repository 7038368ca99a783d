import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { setTabletDevice, tabletHeaders } from "@/lib/tablet";

/** `POST /tablet/disable`: a fresh code of the class turns the tablet off; the device forgets its credential. */
export function useDisableTablet() {
  return useMutation({
    mutationFn: async (code: string) => (await api<{ id: number; revoked_at: string }>("/tablet/disable", { method: "POST", body: { code }, anonymous: true, headers: tabletHeaders() })).payload,
    onSuccess: () => setTabletDevice(null),
  });
}
