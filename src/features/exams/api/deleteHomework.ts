import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { examsKeys } from "../exams.keys";

/** `DELETE /student/content-exam/{examId}/{fileId}`: only while the exam runs for the pupil. */
export function useDeleteHomework(examId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fileId: number) => {
      await api<null>(`/student/content-exam/${examId}/${fileId}`, { method: "DELETE" });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examsKeys.detail(examId) }),
  });
}
