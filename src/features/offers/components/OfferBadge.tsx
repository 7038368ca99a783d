import { Badge } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { OfferDto } from "@domain/offers";

/** The offer's badge beside its name: owned, free, a pack, or none. */
export function OfferBadge({ offer }: { offer: OfferDto }) {
  if (offer.owned) {
    return (
      <Badge color="teal.9" variant="filled">
        <Trans>Acquis</Trans>
      </Badge>
    );
  }
  if (offer.is_free) {
    return (
      <Badge color="cyan.9" variant="filled">
        <Trans>Gratuit</Trans>
      </Badge>
    );
  }
  if (offer.type === "pack") {
    return (
      <Badge color="gray.8" variant="filled">
        <Trans>Pack</Trans>
      </Badge>
    );
  }
  return null;
}
