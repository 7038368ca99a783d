import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlacedGiftOrderDto } from "@domain/referral";
import { api } from "@/lib/api";
import { keyRoots } from "@/lib/queryKeys";
import { retryLostAnswer } from "@/lib/submissionKey";
import { referralKeys } from "../referral.keys";

/** The delivery form as it is sent (SPEC §2, §5; checked by `DeliveryBody` before). */
export interface DeliveryValues extends Record<string, unknown> {
  name: string;
  phone1: string;
  phone2: string;
  email: string;
  state: string;
  address: string;
  postalCode: string;
  note: string;
}

interface PlaceInput {
  delivery: DeliveryValues;
  idempotencyKey: string;
}

/** `POST /student/gift-requests-delivery`: the cart becomes an order; tokens and stock are taken once per key. */
async function placeGiftOrder({
  delivery,
  idempotencyKey,
}: PlaceInput): Promise<PlacedGiftOrderDto> {
  const body = { ...delivery, state: Number(delivery.state) };
  return (
    await api<PlacedGiftOrderDto>("/student/gift-requests-delivery", {
      method: "POST",
      body,
      idempotencyKey,
    })
  ).payload;
}

/** Places the order, then refreshes the pupil's tokens (`/auth/me`), the cart, the orders and the catalogue's stock. */
export function usePlaceGiftOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeGiftOrder,
    retry: retryLostAnswer,
    // The cart is refreshed after a refusal too (a gift out of stock, an item gone); after success the screen leaves for
    // the order's page, and the cart (now empty) is read again there.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: referralKeys.cart() }),
    onSuccess: (placed) => {
      queryClient.setQueryData(
        referralKeys.order(placed.order.id),
        placed.order,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: keyRoots.me }),
        queryClient.invalidateQueries({ queryKey: referralKeys.cart() }),
        queryClient.invalidateQueries({ queryKey: referralKeys.orders() }),
        queryClient.invalidateQueries({
          queryKey: [...referralKeys.all, "gifts"],
        }),
        queryClient.invalidateQueries({
          queryKey: [...referralKeys.all, "gift"],
        }),
      ]);
    },
  });
}
