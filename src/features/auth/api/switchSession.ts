import { api } from "@/lib/api";

/** `POST /auth/switch`: exchanges an operator's one-time impersonation link. */
export async function switchSession(input: { token: string; adminId: number; userId: number }) {
  return (
    await api<{ token: string; expires_at: string; user_type: string; admin_user_id: number }>("/auth/switch", {
      method: "POST",
      body: input,
      anonymous: true,
    })
  ).payload;
}
