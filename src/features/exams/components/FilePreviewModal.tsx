import "@mantine/core/styles/Modal.css";
import { Modal } from "@mantine/core";
import { PDF_PREVIEW_HEIGHT } from "@domain/exams";
import classes from "./exams.module.css";

export interface PreviewTarget {
  name: string;
  url: string;
  mime: string;
}

/** PDF and image preview (SPEC §2): a PDF in a frame 700 px high, an image at its size. */
export function FilePreviewModal({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.name} size="xl" centered>
      {target && target.mime === "application/pdf" ? (
        <iframe src={target.url} title={target.name} className={classes.preview} style={{ blockSize: PDF_PREVIEW_HEIGHT }} data-testid="pdf-preview" />
      ) : target ? (
        <img src={target.url} alt={target.name} style={{ maxInlineSize: "100%" }} />
      ) : null}
    </Modal>
  );
}
