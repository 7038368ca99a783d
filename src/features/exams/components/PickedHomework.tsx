import { CloseButton, Group, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { Picked } from "./useHomeworkUpload";
import classes from "./exams.module.css";

export interface PickedHomeworkProps {
  images: Picked[];
  others: Picked[];
  busy: boolean;
  onRemove: (key: string) => void;
}

/** The homework's picked files: the photos as page thumbnails (to be merged into one PDF), the other files by name. */
export function PickedHomework({ images, others, busy, onRemove }: PickedHomeworkProps) {
  const { t } = useLingui();
  const imageCount = images.length;
  return (
    <>
      {images.length > 0 && (
        <>
          <Text size="sm">{t`${imageCount} photo(s) : elles seront réunies dans un seul PDF (merged-images.pdf)`}</Text>
          <div className={classes.thumbs}>
            {images.map((p, i) => {
              const page = i + 1;
              return (
                <div key={p.key} style={{ position: "relative" }}>
                  <img src={p.thumb!} alt={t`Page ${page}`} className={classes.thumb} />
                  <CloseButton
                    size="sm"
                    style={{ position: "absolute", insetBlockStart: 4, insetInlineEnd: 4 }}
                    aria-label={t`Retirer la page ${page}`}
                    disabled={busy}
                    onClick={() => onRemove(p.key)}
                  />
                </div>
              );
            })}
          </div>
        </>
      )}
      {others.map((p) => {
        const fileName = p.file.name;
        return (
          <Group key={p.key} gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {p.file.name}
            </Text>
            <CloseButton size="sm" aria-label={t`Retirer ${fileName}`} disabled={busy} onClick={() => onRemove(p.key)} />
          </Group>
        );
      })}
    </>
  );
}
