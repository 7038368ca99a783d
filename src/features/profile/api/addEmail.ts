import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** `PUT /user/add-email`: a 6-character code goes to the address; it becomes the pupil's once confirmed. */
export async function addEmail(email: string): Promise<{ credential: string; channel: "email" | "sms" }> {
  return (await api<{ credential: string; channel: "email" | "sms" }>("/user/add-email", { method: "PUT", body: { email } })).payload;
}

export function useAddEmail() {
  return useMutation({ mutationFn: addEmail });
}
