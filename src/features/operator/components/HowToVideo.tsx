import { useState } from "react";
import { Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import classes from "./operator.module.css";

/** The how-to video: YouTube (privacy-enhanced domain) loads only when the visitor asks for it. */
const HOW_TO_VIDEO = "https://www.youtube-nocookie.com/embed/WUvTyaaNkzM";

export function HowToVideo() {
  const { t } = useLingui();
  const [playing, setPlaying] = useState(false);
  return (
    <section aria-labelledby="operator-video-title">
      <Stack gap="sm">
        <Title order={2} id="operator-video-title">
          <Trans>Comment s'abonner ?</Trans>
        </Title>
        <Text>
          <Trans>Choisissez votre niveau et votre formule, saisissez votre numéro Ooredoo, puis confirmez sur la page de l'opérateur. L'accès est ouvert dès la confirmation.</Trans>
        </Text>
        <div className={classes.video}>
          {playing ? (
            <iframe
              src={`${HOW_TO_VIDEO}?autoplay=1&rel=0`}
              title={t`Vidéo : comment s'abonner avec Ooredoo`}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <button type="button" className={classes.videoFacade} onClick={() => setPlaying(true)} data-testid="operator-video">
              <span className={classes.playIcon} aria-hidden>
                <IconPlayerPlayFilled size={28} />
              </span>
              <Trans>Regarder la vidéo : comment s'abonner</Trans>
            </button>
          )}
        </div>
      </Stack>
    </section>
  );
}
