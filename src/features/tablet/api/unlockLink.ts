import { useMutation } from "@tanstack/react-query";
import type { TabletUnlockDto } from "@domain/tablet";
import { api } from "@/lib/api";
import { tabletHeaders } from "@/lib/tablet";

/** `POST /tablet/unlock` as the class tablet: a teacher's fresh code of the class lets one external link open (kiosk). */
export function useUnlockLink() {
  return useMutation({
    mutationFn: async (code: string) => (await api<TabletUnlockDto>("/tablet/unlock", { method: "POST", body: { code }, anonymous: true, headers: tabletHeaders() })).payload,
  });
}
