import { Center, Image, Loader, Modal, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { MarksheetDto } from "@domain/profile";
import { describeError } from "@/lib/i18n/errors";
import { getMarksheetFile } from "../api/getMarksheetFile";
import { profileKeys } from "../profile.keys";

/** PDF preview height (SPEC §9). */
const PDF_HEIGHT = 700;

/** The view dialog of a report card: the PDF in a 700 px preview, or the image. The file is fetched with the token. */
export function MarksheetViewModal({ sheet, onClose }: { sheet: MarksheetDto | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const file = useQuery({
    queryKey: [...profileKeys.marksheets(), "file", sheet?.url ?? ""],
    queryFn: ({ signal }) => getMarksheetFile(sheet!.url, signal),
    enabled: sheet !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  return (
    <Modal
      opened={sheet !== null}
      onClose={onClose}
      title={sheet?.name ?? ""}
      size="xl"
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="marksheet-view-modal"
    >
      {file.isError ? (
        <Text c="red.9" role="alert">
          {describeError(i18n, file.error)}
        </Text>
      ) : !url || !sheet ? (
        <Center h={200}>
          <Loader aria-label={t`Chargement`} />
        </Center>
      ) : sheet.file.kind === "pdf" ? (
        <iframe src={url} title={sheet.name} style={{ width: "100%", height: PDF_HEIGHT, border: 0 }} />
      ) : (
        <Image src={url} alt={sheet.name} fit="contain" mah="75vh" />
      )}
    </Modal>
  );
}
