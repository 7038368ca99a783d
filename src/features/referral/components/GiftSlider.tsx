import { useEffect, useRef, useState } from "react";
import { Anchor, Group, Title } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  HOME_GIFTS_PER_PAGE,
  SLIDER_AUTOPLAY_MS,
  SLIDER_MIN_GIFTS,
} from "../slider";
import { giftsQueryOptions } from "../api/getGifts";
import { GiftCard } from "./GiftCard";
import classes from "./referral.module.css";

/** A slide is 1/1.6 of the track on a phone, 1/3.6 from a tablet on (the CSS). */
const SLIDE_SIZES = "(max-width: 48em) 62vw, 240px";

/** Scrolls the track one slide on, back to the first after the last (logical: right to left in Arabic). */
function advance(track: HTMLUListElement) {
  const first = track.firstElementChild as HTMLElement | null;
  if (!first) return;
  const step = first.getBoundingClientRect().width + 12;
  const rtl = getComputedStyle(track).direction === "rtl";
  const offset = Math.abs(track.scrollLeft);
  const atEnd = offset >= track.scrollWidth - track.clientWidth - 2;
  if (atEnd) track.scrollTo({ left: 0 });
  else track.scrollBy({ left: rtl ? -step : step });
}

/**
 * The home's gift slider (SPEC §2, §9), for eligible pupils, shown when the catalogue has more than 2 gifts: 3.6 in
 * view, one step every 4 s — paused while the pupil touches, points at or focuses it, and never with reduced motion.
 */
export default function GiftSlider() {
  const { t } = useLingui();
  const gifts = useQuery(giftsQueryOptions(1, HOME_GIFTS_PER_PAGE));
  const track = useRef<HTMLUListElement>(null);
  const [held, setHeld] = useState(false);
  const reduced = useReducedMotion();
  const items = gifts.data?.items ?? [];
  const shown = items.length > SLIDER_MIN_GIFTS;

  useEffect(() => {
    if (!shown || held || reduced) return;
    const timer = window.setInterval(() => {
      if (track.current && document.visibilityState === "visible")
        advance(track.current);
    }, SLIDER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [shown, held, reduced]);

  if (!shown) return null;
  const hold = () => setHeld(true);
  const release = () => setHeld(false);
  return (
    <section
      aria-labelledby="home-gifts-title"
      aria-roledescription={t`carrousel`}
      data-testid="home-gifts"
    >
      <Group justify="space-between" mb={8}>
        <Title order={2} fz="lg" id="home-gifts-title">
          <Trans>Cadeaux à gagner</Trans>
        </Title>
        <Anchor component={Link} to="/parrain/products" size="sm">
          <Trans>Voir tout</Trans>
        </Anchor>
      </Group>
      <ul
        ref={track}
        className={classes.track}
        onTouchStart={hold}
        onTouchEnd={release}
        onTouchCancel={release}
        onMouseEnter={hold}
        onMouseLeave={release}
        onFocus={hold}
        onBlur={release}
      >
        {items.map((gift, i) => {
          const n = i + 1;
          const total = items.length;
          return (
            <li
              key={gift.id}
              className={classes.slide}
              aria-roledescription={t`cadeau`}
              aria-label={t`${n} sur ${total}`}
            >
              <GiftCard gift={gift} sizes={SLIDE_SIZES} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
