import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Suspense, useRef, useState } from "react";
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PurchaseDto } from "@domain/offers";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { NeedsConnection } from "@/components/NeedsConnection";
import { ApiRequestError, isLostAnswer } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { useFormatMillimes, usePointsWord } from "@/lib/i18n/labels";
import { meQueryOptions } from "@/lib/me";
import { isOffline, useOfflineStatus } from "@/lib/offline/status";
import { changedByPurchase } from "@/lib/queryKeys";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { useBuyOffer } from "../api/buyOffer";
import { appliedCodeQueryOptions } from "../api/discountCode";
import { offersQueryOptions } from "../api/getOffers";
import { OfferCard, type OfferChoice } from "../components/OfferCard";
import { PaymentResultModal } from "../components/PaymentResultModal";
import { PurchaseConfirmModal } from "../components/PurchaseConfirmModal";
import { offersKeys } from "../offers.keys";

export interface OffersScreenProps {
  /** `?payment=success`: the online payment's result modal. */
  paymentSuccess: boolean;
  onPaymentResultClose: () => void;
  /** After a purchase (every query is already invalidated). */
  onBought: (purchase: PurchaseDto) => void;
  /** 402/401 on purchase: how many millimes are missing. */
  onNeedPoints: (missing: number) => void;
  /** Buying a live session's module (`/offres?chapter&event`): sent with the purchase, which then joins the session. */
  purchaseFor?: { chapter: number; event: number };
}

/** /offres: the offers of the pupil's class by position, and the purchase with points (SPEC §2, §4). */
export function OffersScreen(props: OffersScreenProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Offres`);
  return (
    <Stack gap="lg">
      <OffersHeading />
      <Suspense fallback={<OffersSkeleton />}>
        <OffersList {...props} />
      </Suspense>
      <PaymentResultModal opened={props.paymentSuccess} onClose={props.onPaymentResultClose} />
    </Stack>
  );
}

function OffersHeading() {
  const money = useFormatMillimes();
  const { data: me } = useQuery(meQueryOptions);
  const points = me?.points ?? 0;
  const word = usePointsWord(points);
  const amount = money(points);
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Offres</Trans>
      </Title>
      {me && (
        <Text c="dimmed" data-testid="offers-balance">
          <Trans>
            Votre solde : {amount} {word}
          </Trans>
        </Text>
      )}
    </Stack>
  );
}

/** Four card placeholders while the offers load. */
function OffersSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="offers-loading" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Skeleton height={24} width="50%" />
            <Skeleton height={14} />
            <Skeleton height={36} />
            <Skeleton height={32} width="40%" />
            <Skeleton height={48} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** What the route shows while the offers load: the title and the placeholders. */
export function OffersScreenPending() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Offres</Trans>
      </Title>
      <OffersSkeleton />
    </Stack>
  );
}

function OffersList({ onBought, onNeedPoints, purchaseFor }: OffersScreenProps) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const { data: offers, dataUpdatedAt } = useSuspenseQuery(offersQueryOptions);
  // The code added before paying is a payment in progress: never kept on the device, so offline it may be missing.
  const { data: applied = null } = useQuery(appliedCodeQueryOptions);
  const { data: me } = useQuery(meQueryOptions);
  // Offline the offers are read-only: buying says at once that it needs a connection, before anything starts.
  const offline = isOffline(useOfflineStatus());
  const [needsConnection, setNeedsConnection] = useState<OfferChoice | null>(null);
  const buy = useBuyOffer();
  const [choice, setChoice] = useState<OfferChoice | null>(null);
  // One Idempotency-Key per confirmation: made when the confirmation opens, reused by every retry of it.
  const key = useRef<string | null>(null);
  const balance = me?.points ?? 0;

  const open = (c: OfferChoice) => {
    setNeedsConnection(offline ? c : null);
    if (offline) return;
    key.current = crypto.randomUUID();
    setChoice(c);
  };
  const close = () => {
    key.current = null;
    setChoice(null);
  };

  const confirm = async () => {
    if (!choice || !key.current) return;
    try {
      const purchase = await buy.mutateAsync({
        offerDivisionDetail: choice.offer.id,
        period: choice.period,
        subjects: choice.subjectIds,
        amount: choice.price.final,
        quantity: choice.instalments?.quantity ?? 1,
        ...(purchaseFor ? { chapter: purchaseFor.chapter, event: purchaseFor.event } : {}),
        idempotencyKey: key.current,
      });
      close();
      // What the purchase changed (the pupil, what it unlocks, the offers, the statement), not every query.
      await Promise.all(changedByPurchase.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onBought(purchase);
    } catch (err) {
      if (err instanceof ApiRequestError && (err.status === 402 || err.status === 401)) {
        const missing = Math.max(0, choice.price.final - balance);
        close();
        onNeedPoints(missing);
        return;
      }
      // A lost answer keeps the confirmation (and its key) open for another try; a real answer ends it.
      if (!(err instanceof ApiRequestError) || isLostAnswer(err)) {
        toast.error(describeError(i18n, err));
        return;
      }
      close();
      toast.warning(describeError(i18n, err));
      void queryClient.invalidateQueries({ queryKey: offersKeys.all });
    }
  };

  if (offers.length === 0) {
    return (
      <Text c="dimmed" data-testid="offers-empty">
        <Trans>Aucune offre disponible pour votre classe pour le moment.</Trans>
      </Text>
    );
  }
  return (
    <>
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      {needsConnection !== null && (
        <NeedsConnection onRetry={() => open(needsConnection)}>
          <Trans>Acheter une offre a besoin d'une connexion à Internet. Les offres restent consultables sur cet appareil.</Trans>
        </NeedsConnection>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="offers-list">
        {offers.map((offer) => (
          <OfferCard
            key={offer.id}
            offer={offer}
            applied={applied}
            divisionId={me?.division?.id ?? null}
            busy={buy.isPending}
            wholeOnly={purchaseFor !== undefined}
            buying={buy.isPending && choice?.offer.id === offer.id}
            onBuy={open}
          />
        ))}
      </SimpleGrid>
      <PurchaseConfirmModal choice={choice} balance={balance} pending={buy.isPending} onConfirm={() => void confirm()} onClose={close} />
    </>
  );
}
