import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** `POST student/video-reports` (content, reportReason, description). */
export function useCreateVideoReport() {
  return useMutation({
    mutationFn: async (body: { content: number; reportReason: string | null; description: string }) =>
      (await api<unknown>("/student/video-reports", { method: "POST", body })).payload,
  });
}
