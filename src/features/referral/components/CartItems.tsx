import { ActionIcon, Group, Paper, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconTrash } from "@tabler/icons-react";
import type { GiftCartDto } from "@domain/referral";
import { describeError } from "@/lib/i18n/errors";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import { toast } from "@/lib/toast";
import { useRemoveGiftItem } from "../api/removeGiftItem";
import { GiftPrice } from "./GiftCard";
import { giftCover, GiftImage } from "./GiftImage";
import classes from "./referral.module.css";

/** The cart's gifts, one line a unit with its price and a remove button, then the total and the pupil's tokens. */
export function CartItems({
  cart,
  balance,
}: {
  cart: GiftCartDto;
  balance: number;
}) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const remove = useRemoveGiftItem();
  const fmt = useFormatNumber();
  const totalText = `${fmt(cart.amount)} ${useTokensWord(cart.amount)}`;
  const balanceText = `${fmt(balance)} ${useTokensWord(balance)}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="cart">
      <Stack gap="sm">
        <ul className={classes.cartList} aria-label={t`Mon panier`}>
          {cart.items.map((item) => {
            const name = l(item.gift);
            const cover = giftCover(item.gift);
            return (
              <li
                key={item.id}
                className={classes.cartItem}
                data-testid="cart-item"
              >
                {cover ? (
                  <GiftImage
                    src={cover.file_url}
                    alt=""
                    className={classes.cartThumb}
                    sizes="56px"
                  />
                ) : (
                  <span className={classes.cartThumb} />
                )}
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} lineClamp={2}>
                    <bdi>{name}</bdi>
                  </Text>
                  <GiftPrice amount={item.amount} />
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={t`Retirer ${name} du panier`}
                  loading={remove.isPending && remove.variables === item.id}
                  onClick={() =>
                    remove.mutate(item.id, {
                      onError: (err) => toast.error(describeError(i18n, err)),
                    })
                  }
                  data-testid="cart-remove"
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </li>
            );
          })}
        </ul>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={800} data-testid="cart-total">
            {totalText}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            <Trans>Vos jetons</Trans>
          </Text>
          <Text size="sm" data-testid="cart-balance">
            {balanceText}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
