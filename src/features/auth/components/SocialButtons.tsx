import { useState } from "react";
import { Alert, Button, CopyButton, Divider, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SocialProvider } from "@domain/social";
import { savedReferral } from "@/lib/referral";
import { socialProvidersQueryOptions } from "../api/socialProviders";
import { useSocialStartMutation } from "../api/socialStart";
import { isInAppBrowser } from "./inAppBrowser";
import { useResultToast } from "./useResultToast";

/** Google's "G" in its four colours (Google's sign-in branding: the logo unaltered on a white button). */
function GoogleLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

/** Facebook's "f" logo, white on Facebook blue (#0866FF: white text on the older #1877F2 is 4.2:1, under AA). */
function FacebookLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="#FFFFFF" d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07z" />
    </svg>
  );
}

/**
 * "Continuer avec Google / Facebook" on /login and /register, for the providers the server offers. `nextPage=offres`
 * and the saved referral code travel with the round trip (the server keeps them in its cookie and gives them back).
 */
export function SocialButtons({ nextPage }: { nextPage?: string | undefined }) {
  const { t } = useLingui();
  const providers = useQuery(socialProvidersQueryOptions());
  const start = useSocialStartMutation();
  const toast = useResultToast();
  const [explainGoogle, setExplainGoogle] = useState(false);
  const offered = providers.data ?? [];
  if (offered.length === 0) return null;

  const go = async (provider: SocialProvider) => {
    // Google refuses sign-in inside Facebook's and Instagram's in-app browsers: say how to leave them instead.
    if (provider === "google" && isInAppBrowser(navigator.userAgent)) {
      setExplainGoogle(true);
      return;
    }
    try {
      const url = await start.mutateAsync({ provider, nextPage: nextPage === "offres" ? "offres" : undefined, referral: savedReferral() });
      window.location.assign(url);
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Stack gap="sm">
      <Divider label={t`ou`} labelPosition="center" />
      {offered.includes("google") && (
        <Button
          variant="default"
          size="md"
          fullWidth
          leftSection={<GoogleLogo />}
          loading={start.isPending && start.variables?.provider === "google"}
          onClick={() => void go("google")}
          styles={{ root: { backgroundColor: "#FFFFFF", color: "#1F1F1F", borderColor: "#747775" } }}
        >
          <Trans>Continuer avec Google</Trans>
        </Button>
      )}
      {explainGoogle && (
        <Alert color="yellow" title={t`Ouvrez cette page dans votre navigateur`}>
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                Google n’autorise pas la connexion dans l’application Facebook ou Instagram. Touchez le menu (⋮ ou …) puis
                « Ouvrir dans le navigateur », ou copiez le lien dans Chrome ou Safari.
              </Trans>
            </Text>
            <CopyButton value={window.location.href}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? <Trans>Lien copié</Trans> : <Trans>Copier le lien</Trans>}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      )}
      {offered.includes("facebook") && (
        <Button
          size="md"
          fullWidth
          leftSection={<FacebookLogo />}
          loading={start.isPending && start.variables?.provider === "facebook"}
          onClick={() => void go("facebook")}
          // Facebook's brand blue of 2023 (#0866FF): white on it reads at 4.8:1 (the former #1877F2 gave 4.2, under WCAG AA).
          styles={{ root: { backgroundColor: "#0866FF", color: "#FFFFFF" } }}
        >
          <Trans>Continuer avec Facebook</Trans>
        </Button>
      )}
    </Stack>
  );
}
