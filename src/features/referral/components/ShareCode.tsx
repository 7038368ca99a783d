import "@mantine/core/styles/Tooltip.css";
import { useState } from "react";
import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCheck, IconCopy, IconShare } from "@tabler/icons-react";
import { REFERRAL_PERCENT } from "@domain/referral";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import classes from "./referral.module.css";

/** The address a friend opens: the app saves `?referral=` and the first purchase uses it (SPEC §2 guards). */
export function referralUrl(
  code: string,
  origin: string = window.location.origin,
): string {
  return `${origin}/?referral=${encodeURIComponent(code)}`;
}

/**
 * The pupil's gift code, to copy, and the link that carries it: shared through the Web Share API where the browser has
 * it, shown as a link to copy otherwise.
 */
export function ShareCode({ code }: { code: string }) {
  const { t, i18n } = useLingui();
  const url = referralUrl(code);
  const percent = REFERRAL_PERCENT;
  const [canShare] = useState(
    () =>
      typeof navigator !== "undefined" && typeof navigator.share === "function",
  );
  const share = async () => {
    try {
      await navigator.share({
        title: t`Mon code cadeau Darsi`,
        text: t`Profitez de ${percent} % de réduction sur Darsi avec mon code ${code}`,
        url,
      });
    } catch (err) {
      // Closing the share sheet is no error.
      if (err instanceof DOMException && err.name === "AbortError") return;
      toast.error(describeError(i18n, err));
    }
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      className={classes.codeCard}
      data-testid="gift-code-card"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>Votre code cadeau</Trans>
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text
            fz="h2"
            fw={800}
            dir="ltr"
            className={classes.code}
            data-testid="gift-code"
          >
            {code}
          </Text>
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t`Copié` : t`Copier le code`} withArrow>
                <ActionIcon
                  variant="light"
                  size={44}
                  onClick={copy}
                  aria-label={copied ? t`Copié` : t`Copier le code`}
                  data-testid="gift-code-copy"
                >
                  {copied ? (
                    <IconCheck size={18} aria-hidden />
                  ) : (
                    <IconCopy size={18} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        {canShare ? (
          <Button
            leftSection={<IconShare size={18} aria-hidden />}
            onClick={() => void share()}
            style={{ alignSelf: "flex-start" }}
            data-testid="gift-code-share"
          >
            <Trans>Partager mon code</Trans>
          </Button>
        ) : (
          <Stack gap={4} data-testid="gift-code-link">
            <Text size="sm">
              <Trans>Envoyez ce lien à vos amis :</Trans>
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Anchor href={url} dir="ltr" className={classes.url}>
                {url}
              </Anchor>
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <ActionIcon
                    variant="subtle"
                    size={44}
                    onClick={copy}
                    aria-label={copied ? t`Copié` : t`Copier le lien`}
                  >
                    {copied ? (
                      <IconCheck size={18} aria-hidden />
                    ) : (
                      <IconCopy size={18} aria-hidden />
                    )}
                  </ActionIcon>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
