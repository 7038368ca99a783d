import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ParentRequestDto } from "@domain/account";
import { api } from "@/lib/api";
import { parentsKeys } from "../parents.keys";

/** `PUT /request-parent-user-children/{id}` {approved}: the parent's final answer. */
async function answerParentRequest({ id, approved }: { id: number; approved: boolean }): Promise<ParentRequestDto> {
  return (await api<ParentRequestDto>(`/request-parent-user-children/${id}`, { method: "PUT", body: { approved } })).payload;
}

export function useAnswerParentRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerParentRequest, onSettled: () => queryClient.invalidateQueries({ queryKey: parentsKeys.all }) });
}
