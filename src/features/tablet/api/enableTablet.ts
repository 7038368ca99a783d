import { useMutation } from "@tanstack/react-query";
import type { TabletDto } from "@domain/tablet";
import { api } from "@/lib/api";
import { setTabletDevice } from "@/lib/tablet";

/** `POST /tablet/enable`: the one-time code turns this device into a class tablet; its credential is kept here. */
export function useEnableTablet() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await api<{ tablet: TabletDto; credential: string }>("/tablet/enable", { method: "POST", body: { code }, anonymous: true })).payload,
    onSuccess: (device) => setTabletDevice(device),
  });
}
