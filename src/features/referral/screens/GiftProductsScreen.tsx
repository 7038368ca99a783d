import "@mantine/core/styles/Skeleton.css";
import { Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PageSize } from "@/components/TablePager";
import { TablePager } from "@/components/TablePager";
import { describeError } from "@/lib/i18n/errors";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { giftsQueryOptions } from "../api/getGifts";
import { CartLink } from "../components/CartLink";
import { GiftCard } from "../components/GiftCard";
import { OrdersLink } from "../components/OrdersLink";
import { ReferralGate } from "../components/ReferralGate";
import classes from "../components/referral.module.css";
import type { ReferralPageSearch } from "../search";

export interface GiftProductsScreenProps extends ReferralPageSearch {
  onChange: (next: { page: number; perPage: PageSize }) => void;
}

/** The catalogue grid: one card per gift, the image as wide as its column (two on a phone, more on wider screens). */
const CARD_SIZES = "(max-width: 36em) 50vw, (max-width: 62em) 33vw, 240px";

function GiftProducts({ page, perPage, onChange }: GiftProductsScreenProps) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Cadeaux`);
  const gifts = useQuery(giftsQueryOptions(page, perPage));
  const data = gifts.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          <Trans>Cadeaux</Trans>
        </Title>
        <Group gap="sm">
          <OrdersLink />
          <CartLink />
        </Group>
      </Group>
      <Text c="dimmed">
        <Trans>Échangez vos jetons contre un cadeau livré chez vous.</Trans>
      </Text>
      {gifts.isPending ? (
        <Skeleton height={240} radius="lg" data-testid="gifts-loading" />
      ) : gifts.isError ? (
        <Text c="red.9" role="alert">
          {describeError(i18n, gifts.error)}
        </Text>
      ) : !data || data.meta.total === 0 ? (
        <Text c="dimmed" data-testid="gifts-empty">
          <Trans>Aucun produit trouvé</Trans>
        </Text>
      ) : (
        <>
          <ul className={classes.grid} data-testid="gifts-grid">
            {data.items.map((gift) => (
              <li key={gift.id}>
                <GiftCard gift={gift} sizes={CARD_SIZES} />
              </li>
            ))}
          </ul>
          <TablePager
            page={page}
            perPage={perPage}
            lastPage={data.meta.last_page}
            onChange={onChange}
            testId="gifts-per-page"
          />
        </>
      )}
    </Stack>
  );
}

/** `/parrain/products`: the gift catalogue, 10 a page (10/25/100 in the URL). */
export function GiftProductsScreen(props: GiftProductsScreenProps) {
  return (
    <ReferralGate page="other">
      <GiftProducts {...props} />
    </ReferralGate>
  );
}
