import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { reportsKeys } from "../reports.keys";

/** `DELETE student/video-reports/{id}`: removes a pending report. */
async function deleteVideoReport(id: number): Promise<void> {
  await api<{ id: number }>(`/student/video-reports/${id}`, { method: "DELETE" });
}

export function useDeleteVideoReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVideoReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }) });
}
