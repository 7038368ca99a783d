import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClassChangeInput, DivisionChangeDto } from "@domain/profile";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";
import { profileKeys } from "../profile.keys";

/** `POST /edit-division`: a class-change request (applied at once with hasEditDivision). */
export async function requestDivisionChange(body: ClassChangeInput): Promise<{ request: DivisionChangeDto; applied: boolean }> {
  return (await api<{ request: DivisionChangeDto; applied: boolean }>("/edit-division", { method: "POST", body })).payload;
}

export function useRequestDivisionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDivisionChange,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({
        queryKey: profileKeys.divisionChanges(),
      });
      if (result.applied) await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
