import { useState } from "react";
import { ActionIcon, Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconMinus, IconPlus, IconShoppingCartPlus } from "@tabler/icons-react";
import type { GiftDto } from "@domain/referral";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { meQueryOptions } from "@/lib/me";
import { toast } from "@/lib/toast";
import { useAddGiftItems } from "../api/addGiftItem";
import { cartQueryOptions } from "../api/getCart";

/** The most units of one gift added at once. */
const MAX_AT_ONCE = 10;

/**
 * The product page's "add to cart": a quantity (1 to the stock), then the units into the cart. A pupil without a gift
 * code is sent to generate one first (SPEC §4); one whose cart would cost more tokens than they hold goes to
 * `/parrain/no-coins`; a gift out of stock cannot be added.
 */
export function AddToCart({ gift }: { gift: GiftDto }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const cart = useQuery(cartQueryOptions);
  const add = useAddGiftItems();
  const fmt = useFormatNumber();
  const max = Math.max(1, Math.min(gift.stock, MAX_AT_ONCE));
  const [quantity, setQuantity] = useState(1);
  const total = quantity * gift.amount;
  const totalText = `${fmt(total)} ${useTokensWord(total)}`;
  const qty = fmt(quantity);

  if (!me.gift_code)
    return (
      <Alert color="yellow" variant="light" data-testid="add-to-cart-code">
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              Générez d'abord votre code cadeau pour commander des cadeaux.
            </Trans>
          </Text>
          <Button
            component={Link}
            to="/generate-gift-code"
            variant="light"
            size="xs"
            style={{ alignSelf: "flex-start" }}
          >
            <Trans>Générer mon code</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  if (gift.stock < 1) return null;

  const submit = async () => {
    const inCart = cart.data?.amount ?? 0;
    if (inCart + total > me.gift_point) {
      void navigate({ to: "/parrain/no-coins" });
      return;
    }
    try {
      await add.mutateAsync({ gift: gift.id, quantity });
      toast.success(t`Ajouté au panier`);
      setQuantity(1);
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === "tokens_insufficient")
        void navigate({ to: "/parrain/no-coins" });
      else toast.error(describeError(i18n, err));
    }
  };

  return (
    <Stack gap="sm" data-testid="add-to-cart">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} id="gift-quantity-label">
          <Trans>Quantité</Trans>
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Un de moins`}
          disabled={quantity <= 1}
          onClick={() => setQuantity((q) => Math.max(1, q - 1))}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <Text
          fw={700}
          miw={28}
          ta="center"
          aria-live="polite"
          aria-labelledby="gift-quantity-label"
          data-testid="gift-quantity"
        >
          {qty}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Un de plus`}
          disabled={quantity >= max}
          onClick={() => setQuantity((q) => Math.min(max, q + 1))}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Button
        onClick={() => void submit()}
        loading={add.isPending}
        leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
        data-testid="add-to-cart-submit"
        style={{ alignSelf: "flex-start" }}
      >
        <Trans>Ajouter au panier · {totalText}</Trans>
      </Button>
    </Stack>
  );
}
