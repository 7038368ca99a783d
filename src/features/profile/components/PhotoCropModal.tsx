import "@mantine/core/styles/Slider.css";
import { Box, Button, Group, Modal, Slider, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Trans, useLingui } from "@lingui/react/macro";
import { AVATAR_SIZE_PX } from "@domain/profile";

/**
 * Draws the chosen square of the picture at `AVATAR_SIZE_PX` and encodes it as a JPEG: what is uploaded is small
 * (a few dozen kB) whatever the phone's camera produced.
 */
async function cropToJpeg(file: Blob, area: Area, size = AVATAR_SIZE_PX): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("canvas unavailable");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, size, size);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, size, size);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("encoding failed"))), "image/jpeg", 0.85));
}

/**
 * The crop dialog of the profile photo (SPEC §2): the picture in a round frame, moved by drag or arrow keys, zoomed by
 * pinch, wheel or the slider. This module (react-easy-crop) is loaded only when a photo is chosen.
 */
export default function PhotoCropModal({ file, onClose, onCropped }: { file: File | null; onClose: () => void; onCropped: (jpeg: Blob) => Promise<void> }) {
  const { t } = useLingui();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const save = async () => {
    if (!file || !area) return;
    setBusy(true);
    try {
      await onCropped(await cropToJpeg(file, area));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={t`Recadrer la photo`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="photo-crop-modal"
    >
      <Stack gap="md">
        <Box pos="relative" h={280} style={{ borderRadius: 8, overflow: "hidden" }} dir="ltr">
          {url && (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              // The crop area takes the arrow keys: a named application region for screen readers.
              cropperProps={{ role: "application", "aria-label": t`Zone de recadrage : déplacez avec les flèches` }}
              mediaProps={{ alt: "" }}
            />
          )}
        </Box>
        <Stack gap={4}>
          <Text size="sm" id="photo-zoom-label">
            <Trans>Zoom</Trans>
          </Text>
          <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} label={null} thumbProps={{ "aria-labelledby": "photo-zoom-label" }} />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Annuler</Trans>
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!area} data-testid="photo-crop-save">
            <Trans>Enregistrer la photo</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
