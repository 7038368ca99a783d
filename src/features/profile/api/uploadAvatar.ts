import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";

/** `POST /user/avatar`: the cropped photo (a small JPEG made on the device). */
async function uploadAvatar(photo: Blob): Promise<{ avatar: string }> {
  const form = new FormData();
  form.set("imageFile", photo, "avatar.jpg");
  return (await api<{ avatar: string }>("/user/avatar", { method: "POST", raw: form })).payload;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
