import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meKey } from "@/lib/me";
import { postForm } from "./files";

/** `POST /user/avatar`: the cropped photo (a small JPEG made on the device). */
export async function uploadAvatar(photo: Blob): Promise<{ avatar: string }> {
  const form = new FormData();
  form.set("imageFile", photo, "avatar.jpg");
  return (await postForm<{ avatar: string }>("/user/avatar", form)).payload;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
