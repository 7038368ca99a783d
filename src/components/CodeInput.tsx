import { Anchor, Center, PinInput, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

export interface CodeInputProps {
  length: number;
  /** Transfer codes are digits; verification codes letters and digits, typed in any case and kept upper case. */
  kind: "digits" | "alphanumeric";
  value: string;
  onChange: (value: string) => void;
  /** The message under the boxes (announced), if any. */
  error?: string;
  /** The field's name for assistive technology ("Code de vérification"…), besides each box's own. */
  label?: string;
  size?: "md" | "lg";
  /** Focus the first box when shown: `modal` lets a Mantine Modal focus it (data-autofocus), `page` focuses at once. */
  autoFocus?: "modal" | "page";
}

/**
 * A one-time code typed into boxes (SPEC §2 confirmation screens and dialogs), left to right in every language, each box
 * named by its position, the error announced under it. Used by the sign-up confirmation, the transfer confirmation and
 * the e-mail verification.
 */
export function CodeInput({ length, kind, value, onChange, error, label, size = "md", autoFocus = "modal" }: CodeInputProps) {
  const { t } = useLingui();
  return (
    <>
      <Center dir="ltr">
        <PinInput
          length={length}
          type={kind === "digits" ? "number" : /^[A-Za-z0-9]$/}
          oneTimeCode
          size={size}
          value={value}
          onChange={(v) => onChange(kind === "digits" ? v : v.toUpperCase())}
          error={Boolean(error)}
          aria-label={label}
          getInputProps={(index) => {
            const position = index + 1;
            return { "aria-label": kind === "digits" ? t`Chiffre ${position} du code` : t`Caractère ${position} du code` };
          }}
          {...(autoFocus === "page" ? { autoFocus: true } : { "data-autofocus": true })}
        />
      </Center>
      {error && (
        <Text c="red.9" size="sm" ta="center" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

/** "Vous n'avez rien reçu ? Renvoyer le code", under a code input. */
export function ResendCodeLink({ onResend, pending }: { onResend: () => void; pending: boolean }) {
  return (
    <Text size="sm" ta="center">
      <Trans>Vous n'avez rien reçu ?</Trans>{" "}
      <Anchor component="button" type="button" onClick={onResend} disabled={pending} fw={600}>
        <Trans>Renvoyer le code</Trans>
      </Anchor>
    </Text>
  );
}
