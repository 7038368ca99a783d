import "@mantine/core/styles/Badge.css";
import { useState } from "react";
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconX } from "@tabler/icons-react";
import * as v from "valibot";
import type { AppliedCodeDto, OfferPeriod } from "@domain/offers";
import { isReferralCode } from "@domain/offers";
import { CouponForm } from "@domain/schemas/offers";
import { issuesToErrors } from "@domain/schemas/issues";
import { ApiRequestError } from "@/lib/api";
import { codeMessage, describeError } from "@/lib/i18n/errors";
import { savedReferral } from "@/lib/referral";
import { toast } from "@/lib/toast";
import { useAddDiscountCode, useRemoveDiscountCode } from "../api/discountCode";

export interface CouponFieldProps {
  offerId: number;
  period: OfferPeriod | null;
  /** The code added to this offer, if any. */
  applied: AppliedCodeDto | null;
  /** Why the added code does not apply to the current choice (e.g. another period). */
  problem: string | null;
  disabled?: boolean;
}

/**
 * The discount code of one offer (SPEC §4, §5): one code at a time, checked by the server (every refusal shown under
 * the field in the pupil's language); once added, the code is shown with a way to remove it. A code starting with
 * `CP-` is a friend's referral code; one saved from a shared link (`?referral=`) fills the field, to apply.
 */
export function CouponField({ offerId, period, applied, problem, disabled }: CouponFieldProps) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState(() => {
    const saved = savedReferral();
    return isReferralCode(saved) ? saved : "";
  });
  const [error, setError] = useState<string | null>(null);
  const add = useAddDiscountCode();
  const remove = useRemoveDiscountCode();
  const inputId = `coupon-${offerId}`;

  if (applied) {
    const appliedCode = applied.code;
    return (
      <Stack gap={4} data-testid={`coupon-applied-${offerId}`}>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="outline" color="teal.9" size="lg" tt="none" dir="ltr">
            {applied.code}
          </Badge>
          <Text size="sm" c="dimmed">
            {isReferralCode(applied.code) ? <Trans>Code de parrainage ajouté</Trans> : <Trans>Code ajouté</Trans>}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={44}
            aria-label={t`Retirer le code ${appliedCode}`}
            loading={remove.isPending}
            onClick={() => remove.mutate(applied.id, { onError: (err) => toast.error(describeError(i18n, err)) })}
          >
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
        {problem && (
          <Text size="sm" c="red.8" role="status">
            {codeMessage(i18n, problem)}
          </Text>
        )}
      </Stack>
    );
  }

  const submit = async () => {
    const parsed = v.safeParse(CouponForm, { code });
    if (!parsed.success) {
      setError(issuesToErrors(parsed.issues).code?.[0] ?? "discount_invalid");
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ code: parsed.output.code, offerId, period });
      setCode("");
    } catch (err) {
      const field = err instanceof ApiRequestError ? (err.errors.code?.[0] ?? (err.status === 422 ? err.code : null)) : null;
      if (field) setError(field);
      else toast.error(describeError(i18n, err));
    }
  };

  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500}>
        <Trans>Code promo ou de parrainage</Trans>
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          id={inputId}
          flex={1}
          placeholder={t`Ex. RENTREE20`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // Codes are Latin: typed left to right; the empty field keeps the page's direction for its placeholder.
          dir={code ? "ltr" : undefined}
          value={code}
          disabled={disabled}
          styles={{ input: { height: 44, minHeight: 44 } }}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void submit();
            }
          }}
          error={error ? (codeMessage(i18n, error) ?? codeMessage(i18n, "discount_invalid")) : undefined}
          data-testid={`coupon-input-${offerId}`}
        />
        <Button variant="light" h={44} onClick={() => void submit()} loading={add.isPending} disabled={disabled}>
          <Trans>Appliquer</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
