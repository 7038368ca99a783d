import { useMutation } from "@tanstack/react-query";
import type { CodeSentDto } from "@domain/profile";
import { api } from "@/lib/api";

/** `PUT /user/add-email`: a 6-character code goes to the address; it becomes the pupil's once confirmed. */
async function addEmail(email: string): Promise<CodeSentDto> {
  return (await api<CodeSentDto>("/user/add-email", { method: "PUT", body: { email } })).payload;
}

export function useAddEmail() {
  return useMutation({ mutationFn: addEmail });
}
