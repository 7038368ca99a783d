import "@mantine/core/styles/Card.css";
import { Card, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PromoCardDto } from "@domain/learning";
import { AddressLink } from "@/components/AddressLink";
import { localized } from "@/lib/localized";
import classes from "./subjects.module.css";

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function readableOn(hex: string): "#000" | "#fff" {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const raw = m?.[1];
  if (!raw) return "#000";
  const h = raw.length === 3 ? [...raw].map((c) => c + c).join("") : raw;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (l + 0.05)) against contrast with black ((l + 0.05) / 0.05).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#fff" : "#000";
}

/** The promo cards of the subject page, visible ones only, by position. */
export function PromoCards({ cards }: { cards: readonly PromoCardDto[] }) {
  const sorted = cards.filter((c) => c.visible !== false).sort((a, b) => a.position - b.position);
  if (sorted.length === 0) return null;
  return (
    <ul className={classes.list} data-testid="promo-cards">
      {sorted.map((card) => (
        <li key={card.id}>
          <PromoCard card={card} />
        </li>
      ))}
    </ul>
  );
}

function PromoCard({ card }: { card: PromoCardDto }) {
  const { i18n } = useLingui();
  const text = localized(card, i18n.locale, "text");
  const withImage = Boolean(card.background_url);
  const background = card.color ?? undefined;
  const color = withImage ? "#fff" : background ? readableOn(background) : undefined;
  return (
    <Card
      radius="lg"
      padding="md"
      withBorder={!background && !withImage}
      className={classes.promo}
      data-with-image={withImage || undefined}
      data-icon-position={card.icon_position ?? "left"}
      data-testid="promo-card"
      style={{ background: background, backgroundImage: withImage ? `url("${card.background_url}")` : undefined, color }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.promoBody}>
        {card.icon_url && <img src={card.icon_url} alt="" width={40} height={40} loading="lazy" style={{ flexShrink: 0 }} />}
        <Stack gap={6} style={{ minWidth: 0 }}>
          {/* The text image renders the French text: only beside the French text. */}
          {card.text_image_url && text === card.text && <img src={card.text_image_url} alt="" loading="lazy" style={{ maxWidth: "100%", height: "auto" }} />}
          <Text fw={600} style={{ color: "inherit" }}>
            <bdi>{text}</bdi>
          </Text>
          {card.url_link &&
            // Paths of the app stay in the app (the router reads the address: path, search and hash); other sites open in a new tab.
            (card.url_link.startsWith("/") ? (
              <AddressLink href={card.url_link} className={classes.promoLink}>
                <Trans>En savoir plus</Trans>
              </AddressLink>
            ) : (
              <a href={card.url_link} target="_blank" rel="noopener noreferrer" className={classes.promoLink}>
                <Trans>En savoir plus</Trans>
              </a>
            ))}
          {card.video_link && (
            <a href={card.video_link} target="_blank" rel="noopener noreferrer" className={classes.promoLink}>
              <Trans>Voir la vidéo</Trans>
            </a>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
