import "@mantine/core/styles/Skeleton.css";
import { useState } from "react";
import {
  Alert,
  Anchor,
  Button,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, Navigate, useNavigate } from "@tanstack/react-router";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmPanel } from "../components/ConfirmPanel";
import { IconChevronLeft } from "@tabler/icons-react";
import { TUNISIA_COUNTRY_ID } from "@domain/constants";
import { DeliveryBody } from "@domain/referral";
import { ApiRequestError } from "@/lib/api";
import { useSchemaForm } from "@/lib/forms";
import { codeMessage, describeError } from "@/lib/i18n/errors";
import { useFormatNumber, useTokensWord } from "@/lib/i18n/labels";
import { personFullName, type Me } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { useSubmissionKey } from "@/lib/submissionKey";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { cartQueryOptions } from "../api/getCart";
import { usePlaceGiftOrder, type DeliveryValues } from "../api/placeGiftOrder";
import { CartItems } from "../components/CartItems";
import { DeliveryFields } from "../components/DeliveryFields";
import { ReferralGate } from "../components/ReferralGate";

const PHONE_RE = /^[2459]\d{7}$/;

/** The form filled with what the pupil's profile already says (they change what differs for the delivery). */
function initialDelivery(me: Me): DeliveryValues {
  return {
    // An operator's subscriber without a name types theirs: the placeholder is no name to deliver to.
    name: personFullName(me) ?? "",
    phone1: me.phone && PHONE_RE.test(me.phone) ? me.phone : "",
    phone2: "",
    email: me.email ?? "",
    state:
      me.country?.id === TUNISIA_COUNTRY_ID && me.state
        ? String(me.state.id)
        : "",
    address: "",
    postalCode: "",
    note: "",
  };
}

/** What is about to be ordered, before the pupil confirms. */
function Review({
  count,
  amount,
  pending,
  onConfirm,
  onBack,
}: {
  count: number;
  amount: number;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const fmt = useFormatNumber();
  const tokens = `${fmt(amount)} ${useTokensWord(amount)}`;
  const gifts = t({
    message: plural(count, { one: "# cadeau", other: "# cadeaux" }),
  });
  return (
    <ConfirmPanel
      testId="order-review"
      summary={<Trans>
            Vous allez commander {gifts} pour {tokens}.
          </Trans>}
      note={<Trans>
            Les jetons sont retirés une seule fois, à la confirmation. Une
            commande refusée vous rend vos jetons.
          </Trans>}
      confirmLabel={<Trans>Confirmer la commande</Trans>}
      confirmTestId="order-confirm"
      pending={pending}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}

/**
 * `/parrain/confirm-order`: the cart (remove a gift), the delivery form, a review, then the order, once per submission
 * (Idempotency-Key). An empty cart (or a 404 from the server) goes to `/parrain/empty-cart` (SPEC §4); a cart that costs
 * more tokens than the pupil holds goes to `/parrain/no-coins`.
 */
function ConfirmOrder() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Confirmer la commande`);
  const navigate = useNavigate();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const cart = useQuery(cartQueryOptions);
  const place = usePlaceGiftOrder();
  const submission = useSubmissionKey();
  const [review, setReview] = useState<DeliveryValues | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const { form, field, applyServerErrors } = useSchemaForm<DeliveryValues>(
    DeliveryBody,
    { initialValues: initialDelivery(me) },
  );

  if (cart.isPending)
    return <Skeleton height={320} radius="lg" data-testid="cart-loading" />;
  if (cart.isError)
    return (
      <Text c="red.9" role="alert">
        {describeError(i18n, cart.error)}
      </Text>
    );
  // While an order is placed (and after), the cart empties: that is no reason to leave for the empty cart's page.
  const idle = place.status === "idle" || place.status === "error";
  if (idle && cart.data.items.length === 0)
    return <Navigate to="/parrain/empty-cart" replace />;
  if (idle && cart.data.amount > me.gift_point)
    return <Navigate to="/parrain/no-coins" replace />;

  const confirm = async (delivery: DeliveryValues) => {
    setRefused(null);
    try {
      const placed = await place.mutateAsync({
        delivery,
        idempotencyKey: submission.keyFor(delivery),
      });
      submission.settle();
      toast.success(t`Commande envoyée`);
      void navigate({
        to: "/parrain/purchase-history/$id",
        params: { id: String(placed.order.id) },
        replace: true,
      });
    } catch (err) {
      submission.settle(err);
      setReview(null);
      if (!(err instanceof ApiRequestError))
        return toast.error(describeError(i18n, err));
      if (err.status === 404)
        return void navigate({ to: "/parrain/empty-cart", replace: true });
      if (err.code === "tokens_insufficient")
        return void navigate({ to: "/parrain/no-coins", replace: true });
      if (err.code !== "gift_out_of_stock" && applyServerErrors(err)) return;
      setRefused(codeMessage(i18n, err.code) ?? describeError(i18n, err));
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <Anchor
        component={Link}
        to="/parrain/products"
        size="sm"
        style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
      >
        <IconChevronLeft size={16} aria-hidden className="darsi-flip" />
        <Trans>Continuer mes achats</Trans>
      </Anchor>
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Mon panier</Trans>
      </Title>
      <CartItems cart={cart.data} balance={me.gift_point} />
      {refused && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          data-testid="order-refused"
        >
          {refused}
        </Alert>
      )}
      <Title order={2} fz="h3">
        <Trans>Adresse de livraison</Trans>
      </Title>
      {review ? (
        <Review
          count={cart.data.items.length}
          amount={cart.data.amount}
          pending={place.isPending}
          onConfirm={() => void confirm(review)}
          onBack={() => setReview(null)}
        />
      ) : (
        <form
          onSubmit={form.onSubmit((values) => setReview(values))}
          noValidate
          data-testid="delivery-form"
        >
          <Stack gap="md">
            <DeliveryFields field={field} />
            <Button
              type="submit"
              data-testid="delivery-submit"
              style={{ alignSelf: "flex-start" }}
            >
              <Trans>Valider la livraison</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export function ConfirmOrderScreen() {
  return (
    <ReferralGate page="other">
      <ConfirmOrder />
    </ReferralGate>
  );
}
