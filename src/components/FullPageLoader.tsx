import { Center, Loader } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

export function FullPageLoader() {
  const { t } = useLingui();
  return (
    <Center mih="60dvh" role="status" aria-live="polite" data-page-loader="">
      <Loader aria-label={t`Chargement…`} />
    </Center>
  );
}
