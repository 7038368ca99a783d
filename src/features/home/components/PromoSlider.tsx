import { lazy, Suspense, useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import { ActionIcon, Group, Skeleton, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconPlayerPlayFilled } from "@tabler/icons-react";
import type { PromoCardDto } from "@domain/learning";
import { AddressLink } from "@/components/AddressLink";
import { localized } from "@/lib/localized";
import { pubsCardsQueryOptions } from "../api/getPubsCards";
import classes from "./PromoSlider.module.css";

/** Every card has the same height, so that the slider reserves its space while loading (no layout shift). */
const PROMO_HEIGHT = 148;

const PromoVideoModal = lazy(() => import("./PromoVideoModal"));

/**
 * Internal links go through the router, which reads their address ("/offres?nextPage=x#top": path, search and hash);
 * anything with a scheme or `//` opens in a new tab.
 */
export const isExternal = (url: string) => /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url);

function PromoCard({ card, onVideo }: { card: PromoCardDto; onVideo: (card: PromoCardDto) => void }) {
  const { t, i18n } = useLingui();
  const style = {
    ...(card.color ? { "--card-accent": card.color } : {}),
    ...(card.background_url ? { backgroundImage: `url("${card.background_url}")` } : {}),
  } as CSSProperties;
  // `icon_position` is the designer's side in French (left to right): it mirrors for Arabic readers.
  const iconSide = card.icon_position === "right" ? "end" : "start";
  const url = card.url_link;
  const hasVideo = Boolean(card.video_link);
  const main = url ? "link" : hasVideo ? "video" : null;
  const text = localized(card, i18n.locale, "text");
  // The text image renders the French text: shown only when that is the text of the interface's language.
  const textImage = text === card.text ? card.text_image_url : null;

  const linkLabel = (
    <>
      <Trans>Découvrir</Trans>
      <IconChevronRight size={16} aria-hidden className="darsi-flip" />
    </>
  );
  return (
    <article className={classes.card} style={style} aria-label={text} data-testid="promo-card">
      <div className={classes.body} data-icon={iconSide}>
        {card.icon_url && <img className={classes.icon} src={card.icon_url} alt="" width={48} height={48} loading="lazy" decoding="async" />}
        {textImage ? (
          <img className={classes.textImage} src={textImage} alt={text} height={64} loading="lazy" decoding="async" />
        ) : (
          <p className={classes.text} style={{ margin: 0 }}>
            <bdi>{text}</bdi>
          </p>
        )}
      </div>
      {main && (
        <div className={classes.actions}>
          {url &&
            (isExternal(url) ? (
              <a className={`${classes.cta} ${classes.stretched}`} href={url} target="_blank" rel="noopener noreferrer" aria-label={t`Découvrir : ${text} (nouvel onglet)`}>
                <Trans>Découvrir</Trans>
                <IconExternalLink size={16} aria-hidden />
              </a>
            ) : (
              <AddressLink
                className={`${classes.cta} ${classes.stretched}`}
                href={url}
                aria-label={t`Découvrir : ${text}`}>
                {linkLabel}
              </AddressLink>
            ))}
          {hasVideo && (
            <button
              type="button"
              // With a link too, the video is a round play button beside it.
              className={main === "video" ? `${classes.cta} ${classes.stretched}` : `${classes.cta} ${classes.secondary} ${classes.round}`}
              onClick={() => onVideo(card)}
              aria-label={t`Regarder la vidéo : ${text}`}
            >
              <IconPlayerPlayFilled size={14} aria-hidden />
              {main === "video" && <Trans>Regarder la vidéo</Trans>}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * The class's ad cards, sorted by position (SPEC §2 "ad cards sorted by position", §3 "Ad/promo card"): a light
 * slider — CSS scroll-snap, swipe on phones, previous/next buttons (mirrored in Arabic) and one dot per card.
 * One card per view on phones, two on tablets, three on wide screens. Hidden when the class has none.
 */
export function PromoSlider() {
  const { t, i18n } = useLingui();
  const { data, isPending } = useQuery(pubsCardsQueryOptions);
  const track = useRef<HTMLUListElement>(null);
  const [state, setState] = useState({ index: 0, atStart: true, atEnd: false });
  const [video, setVideo] = useState<PromoCardDto | null>(null);
  const cards = data ?? [];

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const first = el.firstElementChild as HTMLElement | null;
    const step = first ? first.getBoundingClientRect().width + 12 : el.clientWidth;
    // Chromium and Firefox count scrollLeft down from 0 in right-to-left: the distance is its absolute value.
    const offset = Math.abs(el.scrollLeft);
    const max = el.scrollWidth - el.clientWidth;
    setState({ index: Math.max(0, Math.round(offset / Math.max(1, step))), atStart: offset <= 2, atEnd: offset >= max - 2 });
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [measure, cards.length]);

  const goTo = (index: number) => {
    const el = track.current;
    const slide = el?.children[Math.max(0, Math.min(cards.length - 1, index))] as HTMLElement | undefined;
    if (!el || !slide) return;
    // Logical positions: the slide's start edge against the track's, whatever the direction.
    const rtl = getComputedStyle(el).direction === "rtl";
    const delta = rtl
      ? el.getBoundingClientRect().right - slide.getBoundingClientRect().right
      : slide.getBoundingClientRect().left - el.getBoundingClientRect().left;
    el.scrollBy({ left: rtl ? -delta : delta });
  };

  if (!isPending && cards.length === 0) return null;
  // Every card in view: no buttons, no dots (hidden, not removed, so nothing moves).
  const fits = !isPending && state.atStart && state.atEnd;
  const titleId = "home-promo-title";
  return (
    <section aria-labelledby={titleId} aria-roledescription={t`carrousel`} data-testid="home-promos" style={{ "--promo-height": `${PROMO_HEIGHT}px` } as CSSProperties}>
      <div className={classes.header}>
        <Title order={2} fz="lg" id={titleId}>
          <Trans>À la une</Trans>
        </Title>
        <Group gap={6} wrap="nowrap" style={fits ? { visibility: "hidden" } : undefined} data-testid="home-promos-nav">
          <ActionIcon variant="default" radius="xl" size={44} onClick={() => goTo(state.index - 1)} disabled={isPending || state.atStart} aria-label={t`Carte précédente`}>
            <IconChevronLeft size={18} aria-hidden className="darsi-flip" />
          </ActionIcon>
          <ActionIcon variant="default" radius="xl" size={44} onClick={() => goTo(state.index + 1)} disabled={isPending || state.atEnd} aria-label={t`Carte suivante`}>
            <IconChevronRight size={18} aria-hidden className="darsi-flip" />
          </ActionIcon>
        </Group>
      </div>
      {isPending ? (
        <>
          <Skeleton h={PROMO_HEIGHT} radius="lg" data-testid="home-promos-skeleton" />
          <div className={classes.dots} aria-hidden>
            <span className={classes.dot} />
          </div>
        </>
      ) : (
        <>
          <ul className={classes.track} ref={track} tabIndex={-1}>
            {cards.map((card, i) => {
              const n = i + 1;
              const total = cards.length;
              return (
                <li key={card.id} className={classes.slide} aria-roledescription={t`carte`} aria-label={t`${n} sur ${total}`}>
                  <PromoCard card={card} onVideo={setVideo} />
                </li>
              );
            })}
          </ul>
          <div className={classes.dots} style={fits ? { visibility: "hidden" } : undefined}>
            {cards.map((card, i) => {
              const n = i + 1;
              return (
                <button
                  key={card.id}
                  type="button"
                  className={classes.dot}
                  aria-current={i === state.index}
                  aria-label={t`Afficher la carte ${n}`}
                  onClick={() => goTo(i)}
                />
              );
            })}
          </div>
        </>
      )}
      {video?.video_link && (
        <Suspense fallback={null}>
          <PromoVideoModal title={localized(video, i18n.locale, "text")} url={video.video_link} onClose={() => setVideo(null)} />
        </Suspense>
      )}
    </section>
  );
}
