import "@mantine/core/styles/Modal.css";
import { useEffect, useState } from "react";
import { Modal } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { SearchCombobox } from "./SearchCombobox";

export interface SearchModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Phones: the search dialog, full width, the field at the top. Loaded by SearchModalButton on first open. */
export function SearchModal({ opened, onClose }: SearchModalProps) {
  const { t } = useLingui();
  // Mounted closed, opened a frame later: Mantine notes the focused element (the icon) only when `opened`
  // changes, and gives the focus back to it on close.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(id);
  }, []);
  const label = t`Rechercher`;
  return (
    <Modal
      opened={opened && mounted}
      onClose={onClose}
      title={label}
      fullScreen={false}
      size="100%"
      yOffset={8}
      closeButtonProps={{ "aria-label": t`Fermer` }}
      // The suggestions open under the field inside the dialog: room for them, or the dialog's edge would cut them.
      styles={{ body: { minHeight: "min(26rem, 70dvh)" } }}
    >
      <SearchCombobox fullWidth autoFocus onNavigate={onClose} />
    </Modal>
  );
}
