import { api } from "@/lib/api";

/** `GET /auth/logout`: ends the session server-side (best effort: offline logout still wipes the device). */
export async function logoutRequest(): Promise<void> {
  try {
    await api<null>("/auth/logout");
  } catch {
    // Offline or already expired: the local wipe below is what protects the next pupil.
  }
}
