import { useMutation } from "@tanstack/react-query";
import type { PinKind, TabletSessionDto } from "@domain/tablet";
import { api } from "@/lib/api";
import { tabletHeaders } from "@/lib/tablet";

export type TabletSignIn = { user_id: number; pin: string } | { user_id: number; pin: string; password: string; pin_kind: PinKind };

/**
 * `POST /tablet/sign-in/pin` or `/tablet/sign-in/password` (the real password, which also sets the PIN) as the class
 * tablet: a pupil's session and the key that seals their unsent work here.
 */
export function useTabletSignIn() {
  return useMutation({
    mutationFn: async (input: TabletSignIn) =>
      (await api<TabletSessionDto>("password" in input ? "/tablet/sign-in/password" : "/tablet/sign-in/pin", { method: "POST", body: input, anonymous: true, headers: tabletHeaders() }))
        .payload,
  });
}
