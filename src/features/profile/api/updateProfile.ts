import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateInput, ProfileUpdatedDto } from "@domain/profile";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";

/** `POST /user/update`: saves the profile. */
async function updateProfile(body: ProfileUpdateInput): Promise<ProfileUpdatedDto> {
  return (await api<ProfileUpdatedDto>("/user/update", { method: "POST", body })).payload;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
