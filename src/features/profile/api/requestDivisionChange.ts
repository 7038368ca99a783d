import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClassChangeInput, DivisionChangeRequestedDto } from "@domain/profile";
import { api } from "@/lib/api";
import { meKey } from "@/lib/me";
import { profileKeys } from "../profile.keys";

/** `POST /edit-division`: a class-change request (applied at once with hasEditDivision). */
async function requestDivisionChange(body: ClassChangeInput): Promise<DivisionChangeRequestedDto> {
  return (await api<DivisionChangeRequestedDto>("/edit-division", { method: "POST", body })).payload;
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
