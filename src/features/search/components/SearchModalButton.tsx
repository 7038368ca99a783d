import { ActionIcon } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useLingui } from "@lingui/react/macro";
import { IconSearch } from "@tabler/icons-react";
import { deferred, prefetch, useDeferred } from "@/components/deferred";
import type { SearchModalProps } from "./SearchModal";

/** The dialog (Mantine Modal, remove-scroll, the suggestions): fetched when the pupil comes to the icon, shown on the tap. */
const searchModal = deferred<SearchModalProps>(() => import("./SearchModal").then((m) => m.SearchModal));

/** Phones: a search icon opening a full-width dialog with the autocomplete at the top. */
export function SearchModalButton({ className }: { className?: string }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const [SearchModal, load] = useDeferred(searchModal);
  const label = t`Rechercher`;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        size="lg"
        aria-label={label}
        onPointerEnter={() => prefetch(searchModal)}
        onFocus={() => prefetch(searchModal)}
        onClick={() => {
          load();
          open();
        }}
        className={className}
        data-testid="search-open"
      >
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
      {SearchModal && <SearchModal opened={opened} onClose={close} />}
    </>
  );
}
