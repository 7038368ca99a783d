import { Modal } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

/** YouTube links play in the privacy-enhanced embed (the only video frames the CSP allows). */
export function embedUrl(url: string): string {
  const m = /(?:youtube(?:-nocookie)?\.com\/(?:embed\/|watch\?v=)|youtu\.be\/)([\w-]{6,})/.exec(url);
  return m ? `https://www.youtube-nocookie.com/embed/${m[1]}?autoplay=1&rel=0` : url;
}

/** The video of an ad card, in a dialog (loaded on first use). */
export default function PromoVideoModal({ title, url, onClose }: { title: string; url: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered closeButtonProps={{ "aria-label": t`Fermer` }}>
      <div style={{ position: "relative", aspectRatio: "16 / 9", background: "#000", borderRadius: 8, overflow: "hidden" }}>
        <iframe
          src={embedUrl(url)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          style={{ position: "absolute", inset: 0, inlineSize: "100%", blockSize: "100%", border: 0 }}
        />
      </div>
    </Modal>
  );
}
