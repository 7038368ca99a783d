import { useState } from "react";
import { Alert, Button, Modal, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { describeError } from "@/lib/i18n/errors";
import { useDisableTablet } from "../api/disableTablet";

/** Turning the class tablet off takes a fresh code of its class, like turning it on. */
export function DisableTablet({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const disable = useDisableTablet();
  const [code, setCode] = useState("");
  return (
    <Modal opened onClose={onClose} title={t`Désactiver la tablette`} centered closeButtonProps={{ "aria-label": t`Fermer` }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) disable.mutate(code.trim());
        }}
      >
        <Stack>
          <Text size="sm">
            <Trans>Un code de la classe est nécessaire pour que cet appareil ne soit plus une tablette de classe.</Trans>
          </Text>
          {disable.isError && (
            <Alert color="red" role="alert">
              {describeError(i18n, disable.error)}
            </Alert>
          )}
          <TextInput label={t`Code d'activation`} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="off" dir="ltr" maxLength={12} required data-autofocus />
          <Button type="submit" color="red" loading={disable.isPending}>
            <Trans>Désactiver</Trans>
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
