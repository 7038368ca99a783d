import { queryOptions } from "@tanstack/react-query";
import type { MarksheetDto } from "@domain/profile";
import { api } from "@/lib/api";
import { profileKeys } from "../profile.keys";

/** `GET /student/mark-sheets`: the pupil's report cards. */
export const marksheetsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.marksheets(),
    queryFn: async ({ signal }) => (await api<MarksheetDto[]>("/student/mark-sheets", { signal })).payload,
  });
