import type { ReactNode } from "react";
import { Anchor, Button, Group, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconEye, IconFileTypePdf, IconLock } from "@tabler/icons-react";
import type { ExamFileDto } from "@domain/exams";
import type { PreviewTarget } from "./FilePreviewModal";

const sizeLabel = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} kB`);

/** One file of an exam: its download link (or a locked button until the exam starts), its size, its preview. */
export function ExamFileRow({ file, onPreview, onLocked, extra }: { file: ExamFileDto; onPreview: (f: PreviewTarget) => void; onLocked?: () => void; extra?: ReactNode }) {
  const { t } = useLingui();
  const name = file.name;
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="exam-file">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconFileTypePdf aria-hidden size={20} style={{ flexShrink: 0 }} />
        {file.url ? (
          <Anchor href={`${file.url}&download=1`} download={file.name} dir="auto" style={{ overflowWrap: "anywhere" }}>
            {file.name}
          </Anchor>
        ) : (
          <Button variant="subtle" size="compact-sm" leftSection={<IconLock aria-hidden size={14} />} onClick={onLocked} disabled={!onLocked}>
            {file.name}
          </Button>
        )}
        <Text size="xs" c="dimmed" dir="ltr" style={{ flexShrink: 0 }}>
          {sizeLabel(file.size)}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {file.url && (
          <Button variant="light" size="compact-sm" leftSection={<IconEye aria-hidden size={14} />} onClick={() => onPreview({ name: file.name, url: file.url!, mime: file.mime })} aria-label={t`Aperçu de ${name}`}>
            <Trans>Aperçu</Trans>
          </Button>
        )}
        {extra}
      </Group>
    </Group>
  );
}
