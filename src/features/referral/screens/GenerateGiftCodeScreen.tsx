import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { describeError } from "@/lib/i18n/errors";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { useGenerateGiftCode } from "../api/generateGiftCode";
import { Perks } from "../components/Perks";
import { ReferralGate } from "../components/ReferralGate";

/** `/generate-gift-code`: what the programme gives, and the button that makes the pupil's code once. */
function GenerateGiftCode() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Générer mon code cadeau`);
  const navigate = useNavigate();
  const generate = useGenerateGiftCode();
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Parrainez vos amis</Trans>
      </Title>
      <Text>
        <Trans>
          Générez votre code cadeau et partagez-le : chaque ami qui s'abonne
          avec lui vous rapporte des points et des jetons.
        </Trans>
      </Text>
      <Perks />
      {generate.isError && (
        <Alert color="red" variant="light" role="alert">
          {describeError(i18n, generate.error)}
        </Alert>
      )}
      <Button
        size="md"
        loading={generate.isPending}
        style={{ alignSelf: "flex-start" }}
        data-testid="generate-gift-code"
        onClick={() =>
          generate.mutate(undefined, {
            onSuccess: () => void navigate({ to: "/gift-code", replace: true }),
          })
        }
      >
        <Trans>Générer mon code</Trans>
      </Button>
    </Stack>
  );
}

export function GenerateGiftCodeScreen() {
  return (
    <ReferralGate page="generate">
      <GenerateGiftCode />
    </ReferralGate>
  );
}
