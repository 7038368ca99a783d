import "@mantine/core/styles/SegmentedControl.css";
import { useState } from "react";
import { Alert, Anchor, Button, Center, Modal, PinInput, SegmentedControl, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { PIN_LENGTH, type PinKind, type PinPicture, type TabletPupilDto, type TabletSessionDto } from "@domain/tablet";
import { PasswordField } from "@/components/PasswordField";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { useTabletSignIn } from "../api/signIn";
import { PicturePin } from "./PicturePin";
import { useNameOf } from "@/lib/displayName";

interface Props {
  pupil: TabletPupilDto;
  onClose: () => void;
  onSignedIn: (session: TabletSessionDto) => void | Promise<void>;
}

/**
 * A pupil signs in on the class tablet: their PIN — 4 digits or 4 pictures, the kind they chose — or, the first time
 * here or once the PIN died after 5 wrong tries, their real password and a new PIN of the kind they choose now. The
 * PIN is sent to the server only, never kept on the device.
 */
export function PupilSignIn({ pupil, onClose, onSignedIn }: Props) {
  const { t, i18n } = useLingui();
  const signIn = useTabletSignIn();
  const [withPassword, setWithPassword] = useState(pupil.pin !== "set");
  const [digits, setDigits] = useState("");
  const [pictures, setPictures] = useState<PinPicture[]>([]);
  // A new PIN may be of either kind; signing in with one takes the kind the pupil chose.
  const [newKind, setNewKind] = useState<PinKind>(pupil.pin_kind);
  const kind = withPassword ? newKind : pupil.pin_kind;
  const [password, setPassword] = useState("");
  const full = useNameOf()(pupil.name, pupil.last_name);
  const pin = kind === "pictures" ? pictures.join("-") : digits;
  const complete = (kind === "pictures" ? pictures.length : digits.length) === PIN_LENGTH;

  const submit = () => {
    if (!complete || (withPassword && !password)) return;
    signIn.mutate(withPassword ? { user_id: pupil.id, password, pin, pin_kind: kind } : { user_id: pupil.id, pin }, {
      onSuccess: (session) => void onSignedIn(session),
      onError: (err) => {
        setDigits("");
        setPictures([]);
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
                <Trans>Connectez-vous avec votre mot de passe, puis choisissez un code PIN pour cette tablette : 4 chiffres ou 4 images.</Trans>
              </Text>
              <PasswordField label={t`Mot de passe`} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required data-autofocus />
              <SegmentedControl
                fullWidth
                value={newKind}
                onChange={(v) => setNewKind(v === "pictures" ? "pictures" : "digits")}
                data={[
                  { value: "digits", label: t`4 chiffres` },
                  { value: "pictures", label: t`4 images` },
                ]}
                aria-label={t`Type de code PIN`}
                data-testid="pin-kind"
              />
            </>
          )}
          <Text id="tablet-pin-label" size="sm" fw={500}>
            {withPassword ? (
              kind === "pictures" ? (
                <Trans>Nouveau code : touchez 4 images dans l'ordre</Trans>
              ) : (
                <Trans>Nouveau code PIN</Trans>
              )
            ) : kind === "pictures" ? (
              <Trans>Votre code : touchez vos 4 images dans l'ordre</Trans>
            ) : (
              <Trans>Votre code PIN</Trans>
            )}
          </Text>
          {kind === "pictures" ? (
            <PicturePin value={pictures} onChange={setPictures} labelId="tablet-pin-label" />
          ) : (
            <Center dir="ltr">
              <PinInput
                length={PIN_LENGTH}
                type="number"
                mask
                size="lg"
                value={digits}
                onChange={setDigits}
                aria-labelledby="tablet-pin-label"
                getInputProps={(index) => {
                  const position = index + 1;
                  return { "aria-label": t`Chiffre ${position} du code PIN`, ...(index === 0 && !withPassword ? { "data-autofocus": true } : {}) };
                }}
              />
            </Center>
          )}
          <Button type="submit" loading={signIn.isPending} disabled={!complete}>
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
