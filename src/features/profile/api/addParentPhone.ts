import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";

/** `PUT /user/add-parent-phone` (`phone2`: the parent's phone). */
async function addParentPhone(phone2: string): Promise<void> {
  await api<unknown>("/user/add-parent-phone", {
    method: "PUT",
    body: { phone2 },
  });
}

export function useAddParentPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addParentPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
}
