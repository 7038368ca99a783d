import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MarksheetDto } from "@domain/profile";
import { api } from "@/lib/api";
import { profileKeys } from "../profile.keys";

interface UploadMarksheetInput {
  file: File;
  trimester: number;
  division: number;
}

/** `POST /student/mark-sheet` (multipart: file, trimester, division). */
async function uploadMarksheet({ file, trimester, division }: UploadMarksheetInput): Promise<MarksheetDto> {
  const form = new FormData();
  form.set("trimester", String(trimester));
  form.set("division", String(division));
  form.set("file", file, file.name);
  return (await api<MarksheetDto>("/student/mark-sheet", { method: "POST", raw: form })).payload;
}

export function useUploadMarksheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMarksheet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.marksheets() }),
  });
}
