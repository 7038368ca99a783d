import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

/**
 * A password input with a labelled show/hide toggle, whose input tells assistive technology when it is
 * invalid (Mantine marks only the wrapper).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useLingui();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ "aria-label": t`Afficher ou masquer le mot de passe` }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
