import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VideoReportDto } from "@domain/learning";
import { api } from "@/lib/api";
import { reportsKeys } from "../reports.keys";

interface UpdateReportInput {
  id: number;
  reportReason: number | string;
  description: string;
}

/** `PUT student/video-reports/{id}`: a pending report's new reason and description. */
async function updateVideoReport({ id, ...body }: UpdateReportInput): Promise<VideoReportDto> {
  return (await api<VideoReportDto>(`/student/video-reports/${id}`, { method: "PUT", body })).payload;
}

export function useUpdateVideoReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVideoReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }) });
}
