import { Anchor, Paper, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconPaperclip } from "@tabler/icons-react";
import { truncate, type AttachmentDto } from "@domain/learning";
import { localized } from "@/lib/localized";
import tap from "@/components/tapTarget.module.css";
import { ATTACHMENT_NAME_MAX } from "../limits";
import classes from "./lessons.module.css";

/** The lesson's attachments: names cut at 15 (full name in title and label), each opening in a new tab. */
export function Attachments({ attachments }: { attachments: readonly AttachmentDto[] }) {
  const { t, i18n } = useLingui();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="lesson-attachments">
      <Title order={2} fz="md" mb="xs" id="lesson-attachments">
        <Trans>Pièces jointes</Trans>
      </Title>
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Aucune pièce jointe dans cette leçon</Trans>
        </Text>
      ) : (
        <ul className={classes.attachments}>
          {attachments.map((a, i) => {
            const name = localized(a, i18n.locale);
            return (
              <li key={`${a.url}-${i}`}>
                <Anchor
                  href={a.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={name}
                  aria-label={t`${name} (nouvel onglet)`}
                  size="sm"
                  data-testid="attachment"
                  className={tap.target}
                  dir="auto"
                >
                  <IconPaperclip size={16} aria-hidden />
                  {truncate(name, ATTACHMENT_NAME_MAX)}
                </Anchor>
              </li>
            );
          })}
        </ul>
      )}
    </Paper>
  );
}
