import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { referralKeys } from "../referral.keys";

interface AddInput {
  gift: number;
  /** Units to add: one `POST` each (the API adds one unit per call). */
  quantity: number;
}

/** `POST /student/gift-request-items { gift }`, `quantity` times; stops at the first refusal (the cart keeps what was added). */
async function addGiftItems({ gift, quantity }: AddInput): Promise<number> {
  for (let i = 0; i < quantity; i++) {
    await api<{ id: number }>("/student/gift-request-items", {
      method: "POST",
      body: { gift },
    });
  }
  return quantity;
}

/** Adds a gift to the cart, then refreshes the cart (also after a partial failure). */
export function useAddGiftItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGiftItems,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: referralKeys.cart() }),
  });
}
