import type { GiftDto } from "@domain/referral";

/** The cover of a gift (its first image when none is marked), or null. */
export function giftCover(gift: Pick<GiftDto, "gift_images">) {
  return (
    gift.gift_images.find((i) => i.is_cover) ?? gift.gift_images[0] ?? null
  );
}

/**
 * A gift's picture: lazy, decoded off the main thread, its box fixed by the CSS (4:3) so nothing moves, and `sizes`
 * telling the browser how wide it is shown (the gift art is SVG: one file fits every width).
 */
export function GiftImage({
  src,
  alt,
  className,
  sizes,
}: {
  src: string;
  alt: string;
  className?: string;
  sizes: string;
}) {
  return (
    <img
      src={src}
      srcSet={`${src} 640w`}
      sizes={sizes}
      alt={alt}
      className={className}
      width={320}
      height={240}
      loading="lazy"
      decoding="async"
    />
  );
}
