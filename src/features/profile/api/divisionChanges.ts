import { queryOptions } from "@tanstack/react-query";
import type { DivisionChangeDto } from "@domain/profile";
import { api } from "@/lib/api";
import { profileKeys } from "../profile.keys";

/** `GET /edit-division`: the pupil's class-change requests. */
export const divisionChangesQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.divisionChanges(),
    queryFn: async ({ signal }) => (await api<DivisionChangeDto[]>("/edit-division", { signal })).payload,
  });
