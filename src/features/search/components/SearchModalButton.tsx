import "@mantine/core/styles/Modal.css";
import { ActionIcon, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useLingui } from "@lingui/react/macro";
import { IconSearch } from "@tabler/icons-react";
import { SearchAutocomplete } from "./SearchAutocomplete";

/** Phones: a search icon opening a full-width dialog with the autocomplete at the top. */
export function SearchModalButton({ className }: { className?: string }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const label = t`Rechercher`;
  return (
    <>
      <ActionIcon variant="subtle" color="gray" c="var(--mantine-color-text)" size="lg" aria-label={label} onClick={open} className={className} data-testid="search-open">
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={label} fullScreen={false} size="100%" yOffset={8} closeButtonProps={{ "aria-label": t`Fermer` }}>
        <SearchAutocomplete fullWidth autoFocus onNavigate={close} />
      </Modal>
    </>
  );
}
