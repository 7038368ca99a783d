import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MarksheetDto } from "@domain/profile";
import { profileKeys } from "../profile.keys";
import { postForm } from "./files";

export interface UploadMarksheetInput {
  file: File;
  trimester: number;
  division: number;
}

/** `POST /student/mark-sheet` (multipart: file, trimester, division). */
export async function uploadMarksheet({ file, trimester, division }: UploadMarksheetInput): Promise<MarksheetDto> {
  const form = new FormData();
  form.set("trimester", String(trimester));
  form.set("division", String(division));
  form.set("file", file, file.name);
  return (await postForm<MarksheetDto>("/student/mark-sheet", form)).payload;
}

export function useUploadMarksheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMarksheet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.marksheets() }),
  });
}
