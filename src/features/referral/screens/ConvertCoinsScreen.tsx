import "@mantine/core/styles/Skeleton.css";
import { useState } from "react";
import {
  Alert,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmPanel } from "../components/ConfirmPanel";
import {
  CONVERSION_MIN_TOKENS,
  ConvertBody,
  conversionPoints,
} from "@domain/referral";
import { ApiRequestError } from "@/lib/api";
import { useSchemaForm } from "@/lib/forms";
import { codeMessage, describeError } from "@/lib/i18n/errors";
import {
  useFormatMillimes,
  useFormatNumber,
  usePointsWord,
  useTokensWord,
} from "@/lib/i18n/labels";
import { meQueryOptions } from "@/lib/me";
import { useSubmissionKey } from "@/lib/submissionKey";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { conversionRateQueryOptions } from "../api/getConversionRate";
import { useConvertGiftPoint } from "../api/convertGiftPoint";
import { ReferralGate } from "../components/ReferralGate";

interface Values extends Record<string, unknown> {
  giftPoint: string;
}

/** "12 jetons → 12 points": what the pupil is about to convert, before confirming. */
function Preview({
  tokens,
  points,
  pending,
  onConfirm,
  onBack,
}: {
  tokens: number;
  points: number;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const fmt = useFormatNumber();
  const money = useFormatMillimes();
  const tokensText = `${fmt(tokens)} ${useTokensWord(tokens)}`;
  const pointsText = `${money(points)} ${usePointsWord(points)}`;
  return (
    <ConfirmPanel
      testId="convert-preview"
      summary={<Trans>
            Vous allez convertir {tokensText} en {pointsText}.
          </Trans>}
      note={<Trans>
            Les points arrivent dans votre porte-monnaie ; les jetons convertis
            ne reviennent pas.
          </Trans>}
      confirmLabel={<Trans>Confirmer la conversion</Trans>}
      confirmTestId="convert-confirm"
      pending={pending}
      onConfirm={onConfirm}
      onBack={onBack}
    />
  );
}

/**
 * `/convert-coins`: a whole number of tokens (digits only, at least 5, no more than the pupil holds), a preview of the
 * points (round(tokens ÷ rate)), then the conversion, once per submission (Idempotency-Key). Cancel goes to `/gift-code`.
 */
function ConvertCoins() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Convertir mes jetons`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const rate = useQuery(conversionRateQueryOptions);
  const convert = useConvertGiftPoint();
  const submission = useSubmissionKey();
  const [preview, setPreview] = useState<number | null>(null);
  const { form, field } = useSchemaForm<Values>(ConvertBody, {
    initialValues: { giftPoint: "" },
  });
  const fmt = useFormatNumber();
  const balance = `${fmt(me.gift_point)} ${useTokensWord(me.gift_point)}`;
  const min = rate.data?.min ?? CONVERSION_MIN_TOKENS;
  const rateText = fmt(rate.data?.rate ?? 1);
  const rateWord = useTokensWord(rate.data?.rate ?? 1);

  const check = form.onSubmit((values) => {
    const tokens = Number(values.giftPoint.trim());
    if (tokens > me.gift_point)
      form.setErrors({ giftPoint: "tokens_insufficient" });
    else setPreview(tokens);
  });

  const confirm = async (tokens: number) => {
    const body = { giftPoint: tokens };
    try {
      const done = await convert.mutateAsync({
        ...body,
        idempotencyKey: submission.keyFor(body),
      });
      submission.settle();
      const points = fmt(done.points / 1000);
      toast.success(
        t`Conversion réussie : ${points} points ajoutés à votre porte-monnaie`,
      );
      setPreview(null);
      form.setFieldValue("giftPoint", "");
    } catch (err) {
      submission.settle(err);
      setPreview(null);
      if (
        err instanceof ApiRequestError &&
        codeMessage(i18n, err.code) &&
        err.status < 500
      )
        form.setErrors({ giftPoint: err.code });
      else toast.error(describeError(i18n, err));
    }
  };

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Convertir mes jetons</Trans>
      </Title>
      <Text data-testid="convert-balance">
        <Trans>
          Solde : <strong>{balance}</strong>
        </Trans>
      </Text>
      {rate.isPending ? (
        <Skeleton height={24} width="60%" />
      ) : rate.data ? (
        <Text size="sm" c="dimmed">
          <Trans>
            {rateText} {rateWord} = 1 point, à partir de {min} jetons.
          </Trans>
        </Text>
      ) : null}
      {me.gift_point < min && (
        <Alert color="yellow" variant="light" data-testid="convert-not-enough">
          {codeMessage(i18n, "tokens_insufficient")}
        </Alert>
      )}
      {preview !== null ? (
        <Preview
          tokens={preview}
          points={conversionPoints(preview, rate.data?.rate)}
          pending={convert.isPending}
          onConfirm={() => void confirm(preview)}
          onBack={() => setPreview(null)}
        />
      ) : (
        <form onSubmit={check} noValidate>
          <Stack gap="md">
            <TextInput
              label={t`Nombre de jetons à convertir`}
              description={t`Chiffres uniquement, au moins ${min} jetons`}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              required
              data-testid="convert-input"
              {...field("giftPoint")}
            />
            <Group gap="sm">
              <Button component={Link} to="/gift-code" variant="default">
                <Trans>Annuler</Trans>
              </Button>
              <Button type="submit" data-testid="convert-submit">
                <Trans>Aperçu</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export function ConvertCoinsScreen() {
  return (
    <ReferralGate page="other">
      <ConvertCoins />
    </ReferralGate>
  );
}
