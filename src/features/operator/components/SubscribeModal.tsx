import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/RadioCard.css";
import "@mantine/core/styles/RadioIndicator.css";
import { useState } from "react";
import { Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { OPERATOR_LEVELS, type OperatorLevel, type Recurrence } from "@domain/operator";
import { OperatorCheckoutSchema } from "@domain/schemas/operator";
import { ApiRequestError } from "@/lib/api";
import { useSchemaForm } from "@/lib/forms";
import { describeError } from "@/lib/i18n/errors";
import { useLocalized } from "@/lib/localized";
import { useSubmissionKey } from "@/lib/submissionKey";
import { toast } from "@/lib/toast";
import { useOperatorCheckout } from "../api/checkout";
import { levelDivisionsQueryOptions } from "../api/getLevelDivisions";
import { useLevelLabel } from "./labels";
import { OperatorPlans } from "./OperatorPlans";

interface Values extends Record<string, unknown> {
  phone: string;
  division: string | null;
  recurrence: string | null;
}

export interface SubscribeModalProps {
  opened: boolean;
  onClose: () => void;
  /** The level of the card that opened the modal. */
  level: OperatorLevel;
  /** Sends the browser to the operator's confirmation page (window.location by default). */
  onRedirect?: (url: string) => void;
}

/**
 * The operator subscribe modal (SPEC §2, §5): phone (8 digits), class of the chosen level, the 1-day and 7-day plan
 * cards with the level's price and the auto-renewal text. Submits `POST /checkout` and goes to the operator's page.
 * A phone that already has an account: 'Le numéro existe déjà' on the field and a link to sign in; a phone already
 * subscribed: the button says so.
 */
export function SubscribeModal({ opened, onClose, level: initialLevel, onRedirect }: SubscribeModalProps) {
  const { t, i18n } = useLingui();
  const [level, setLevel] = useState<OperatorLevel>(initialLevel);
  const [alreadyClient, setAlreadyClient] = useState(false);
  const [phoneExists, setPhoneExists] = useState(false);
  const submission = useSubmissionKey();
  const levelLabel = useLevelLabel();
  const l = useLocalized();
  const checkout = useOperatorCheckout();
  const { form, field, applyServerErrors, values } = useSchemaForm<Values>(OperatorCheckoutSchema, {
    initialValues: { phone: "", division: null, recurrence: "1" },
    onValuesChange: (_next, previous) => {
      // The phone's refusal no longer holds once it changes (other values get their own key: useSubmissionKey).
      if (_next.phone !== previous.phone) {
        setAlreadyClient(false);
        setPhoneExists(false);
      }
    },
  });
  const divisions = useQuery({ ...levelDivisionsQueryOptions(level), enabled: opened });

  const send = async (v: Values) => {
    const body = { recurrence: Number(v.recurrence) as Recurrence, phone: v.phone, division: Number(v.division) };
    try {
      const { redirectUrl } = await checkout.mutateAsync({ ...body, idempotencyKey: submission.keyFor(body) });
      (onRedirect ?? ((url: string) => window.location.assign(url)))(redirectUrl);
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === "operator_already_client") {
        setAlreadyClient(true);
        return;
      }
      if (err instanceof ApiRequestError && err.code === "operator_phone_exists") setPhoneExists(true);
      if (!applyServerErrors(err)) toast.error(describeError(i18n, err));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`S'abonner avec Ooredoo`} centered size="lg" radius="lg" closeButtonProps={{ "aria-label": t`Fermer` }}>
      <form onSubmit={(e) => form.onSubmit(send)(e)} noValidate data-testid="operator-subscribe-form">
        <Stack gap="md">
          <TextInput
            label={t`Numéro de téléphone Ooredoo`}
            description={t`8 chiffres, par exemple 22 123 456`}
            inputMode="tel"
            autoComplete="tel-national"
            required
            maxLength={20}
            dir="ltr"
            {...field("phone")}
            data-testid="operator-phone"
          />
          {phoneExists && (
            <Text size="sm" data-testid="operator-phone-exists-hint">
              <Trans>
                Ce numéro a déjà un compte Darsi :{" "}
                <Anchor component={Link} to="/login">
                  connectez-vous
                </Anchor>{" "}
                pour vous abonner depuis votre espace.
              </Trans>
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t`Niveau`}
              data={OPERATOR_LEVELS.map((x) => ({ value: x, label: levelLabel(x) }))}
              value={level}
              onChange={(next) => {
                if (!next) return;
                setLevel(next as OperatorLevel);
                form.setFieldValue("division", null);
              }}
              data-testid="operator-level"
            />
            <Select
              label={t`Classe`}
              placeholder={divisions.isLoading ? t`Chargement…` : t`Choisissez votre classe`}
              required
              searchable
              nothingFoundMessage={t`Aucune classe trouvée`}
              data={(divisions.data ?? []).map((d) => ({ value: String(d.id), label: l(d) }))}
              value={values.division}
              onChange={(next) => form.setFieldValue("division", next)}
              onBlur={field("division").onBlur}
              error={field("division").error}
              data-testid="operator-division"
            />
          </SimpleGrid>
          <OperatorPlans level={level} value={values.recurrence} onChange={(next) => form.setFieldValue("recurrence", next)} error={field("recurrence").error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" color="red.8" loading={checkout.isPending} disabled={alreadyClient} data-testid="operator-submit">
              {alreadyClient ? t`Vous êtes déjà inscrit` : t`Continuer vers Ooredoo`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
