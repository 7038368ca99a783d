import { queryOptions } from "@tanstack/react-query";
import { HOME_LATEST_RECORDINGS, type LatestRecordingDto } from "@domain/home";
import { api } from "@/lib/api";
import { homeKeys } from "../home.keys";

/** `GET /student/latest-recordings?limit=4`: the latest recorded sessions of the pupil's class. */
export const latestRecordingsQueryOptions = (limit = HOME_LATEST_RECORDINGS) =>
  queryOptions({
    queryKey: homeKeys.latestRecordings(limit),
    queryFn: async ({ signal }) =>
      (await api<LatestRecordingDto[]>("/student/latest-recordings", { query: { limit }, signal })).payload,
    staleTime: 10 * 60_000,
  });
