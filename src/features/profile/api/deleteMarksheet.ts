import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { profileKeys } from "../profile.keys";

/** `DELETE /student/mark-sheet/{id}`: a pending report card. */
async function deleteMarksheet(id: number): Promise<string | undefined> {
  return (await api<null>(`/student/mark-sheet/${id}`, { method: "DELETE" })).message;
}

export function useDeleteMarksheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMarksheet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.marksheets() }),
  });
}
