import type { ApiSuccess } from "@domain/errors";
import { isErrorCode } from "@domain/errors";
import { ApiRequestError } from "@/lib/api";
import { env } from "@/lib/env";
import { getSession } from "@/lib/session";

const authHeaders = (): Record<string, string> => {
  const session = getSession();
  return session ? { Authorization: `Bearer ${session.token}` } : {};
};

async function failure(res: Response): Promise<ApiRequestError> {
  const json = (await res.json().catch(() => ({}))) as {
    code?: unknown;
    message?: unknown;
    errors?: Record<string, string[]>;
  };
  return new ApiRequestError(
    res.status,
    isErrorCode(json.code) ? json.code : "server_error",
    typeof json.message === "string" ? json.message : `Server error ${res.status}`,
    json.errors ?? {},
  );
}

/** A multipart upload to the product API (the JSON client of src/lib/api.ts sends JSON only). */
export async function postForm<T>(path: string, form: FormData): Promise<ApiSuccess<T>> {
  let res: Response;
  try {
    res = await fetch(`${env.apiBase}${path}`, {
      method: "POST",
      headers: { Accept: "application/json", ...authHeaders() },
      body: form,
    });
  } catch {
    throw new ApiRequestError(0, "network_error", "Network error");
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as ApiSuccess<T>;
}

/** A private file of the pupil (report card, photo) as a Blob: fetched with the bearer token, never by a bare URL. */
export async function fetchPrivateFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(`${env.apiBase}${path}`, {
    headers: authHeaders(),
    signal,
  });
  if (!res.ok) throw await failure(res);
  return res.blob();
}
