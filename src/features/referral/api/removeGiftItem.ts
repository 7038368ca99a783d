import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GiftCartDto } from "@domain/referral";
import { api } from "@/lib/api";
import { referralKeys } from "../referral.keys";

/** `DELETE /student/gift-request-items/{id}`: answers the cart after. */
async function removeGiftItem(id: number): Promise<GiftCartDto> {
  return (
    await api<GiftCartDto>(`/student/gift-request-items/${id}`, {
      method: "DELETE",
    })
  ).payload;
}

/** Removes one item of the cart; the answer is the cart as it is now. */
export function useRemoveGiftItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGiftItem,
    onSuccess: (cart) => queryClient.setQueryData(referralKeys.cart(), cart),
    onError: () =>
      queryClient.invalidateQueries({ queryKey: referralKeys.cart() }),
  });
}
