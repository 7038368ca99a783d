import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateInput } from "@domain/profile";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";

export interface UpdateProfileResult {
  /** The new phone or e-mail a code was sent to (then the code is asked for), or null. */
  credential: string | null;
  pending: { phone: string | null; email: string | null };
}

/** `POST /user/update`: saves the profile. */
export async function updateProfile(body: ProfileUpdateInput): Promise<UpdateProfileResult> {
  return (await api<UpdateProfileResult>("/user/update", { method: "POST", body })).payload;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
