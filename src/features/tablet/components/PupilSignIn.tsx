import { useState } from "react";
import { Alert, Anchor, Button, Center, Modal, PinInput, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { TabletPupilDto, TabletSessionDto } from "@domain/tablet";
import { PasswordField } from "@/components/PasswordField";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { useTabletSignIn } from "../api/signIn";

interface Props {
  pupil: TabletPupilDto;
  onClose: () => void;
  onSignedIn: (session: TabletSessionDto) => void | Promise<void>;
}

/**
 * A pupil signs in on the class tablet: their 4-digit PIN, or — the first time here, or once the PIN died after 5
 * wrong tries — their real password and a new PIN. The PIN is sent to the server only, never kept on the device.
 */
export function PupilSignIn({ pupil, onClose, onSignedIn }: Props) {
  const { t, i18n } = useLingui();
  const signIn = useTabletSignIn();
  const [withPassword, setWithPassword] = useState(pupil.pin !== "set");
  const [pin, setPin] = useState("");
  const [password, setPassword] = useState("");
  const full = `${pupil.name} ${pupil.last_name}`;

  const submit = () => {
    if (pin.length !== 4 || (withPassword && !password)) return;
    signIn.mutate(withPassword ? { user_id: pupil.id, password, pin } : { user_id: pupil.id, pin }, {
      onSuccess: (session) => void onSignedIn(session),
      onError: (err) => {
        setPin("");
        if (err instanceof ApiRequestError && (err.code === "pin_locked" || err.code === "pin_not_set")) setWithPassword(true);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={full} centered closeButtonProps={{ "aria-label": t`Fermer` }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {signIn.isError && (
            <Alert color="red" role="alert">
              {describeError(i18n, signIn.error)}
            </Alert>
          )}
          {withPassword && (
            <>
              <Text size="sm">
                <Trans>Connectez-vous avec votre mot de passe, puis choisissez un code PIN de 4 chiffres pour cette tablette.</Trans>
              </Text>
              <PasswordField label={t`Mot de passe`} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required data-autofocus />
            </>
          )}
          <Text id="tablet-pin-label" size="sm" fw={500}>
            {withPassword ? <Trans>Nouveau code PIN</Trans> : <Trans>Votre code PIN</Trans>}
          </Text>
          <Center dir="ltr">
            <PinInput
              length={4}
              type="number"
              mask
              size="lg"
              value={pin}
              onChange={setPin}
              aria-labelledby="tablet-pin-label"
              getInputProps={(index) => {
                const position = index + 1;
                return { "aria-label": t`Chiffre ${position} du code PIN`, ...(index === 0 && !withPassword ? { "data-autofocus": true } : {}) };
              }}
            />
          </Center>
          <Button type="submit" loading={signIn.isPending} disabled={pin.length !== 4}>
            <Trans>Se connecter</Trans>
          </Button>
          {!withPassword && (
            <Anchor component="button" type="button" size="sm" onClick={() => setWithPassword(true)}>
              <Trans>Code PIN oublié ? Utiliser mon mot de passe</Trans>
            </Anchor>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
