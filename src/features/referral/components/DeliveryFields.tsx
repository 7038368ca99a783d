import { Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { TUNISIA_COUNTRY_ID } from "@domain/constants";
import { referenceQueries, refName } from "@/lib/reference";

type FieldProps = {
  value: string;
  onChange: (arg: unknown) => void;
  onBlur: () => void;
  error: string | boolean | undefined;
};

/**
 * The delivery form's fields (SPEC §2, §5): name, phone 1, phone 2 (optional), e-mail, governorate (one of the 24),
 * address, postal code (optional) and a note. Each shows its translated error under it.
 */
export function DeliveryFields({
  field,
}: {
  field: (path: string) => FieldProps;
}) {
  const { t, i18n } = useLingui();
  const states = useQuery(referenceQueries.states(TUNISIA_COUNTRY_ID));
  const stateField = field("state");
  return (
    <Stack gap="sm">
      <TextInput
        label={t`Nom et prénom`}
        autoComplete="name"
        required
        data-testid="delivery-name"
        {...field("name")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t`Téléphone`}
          description={t`8 chiffres, commence par 2, 4, 5 ou 9`}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          dir="ltr"
          required
          data-testid="delivery-phone1"
          {...field("phone1")}
        />
        <TextInput
          label={t`Deuxième téléphone (facultatif)`}
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          data-testid="delivery-phone2"
          {...field("phone2")}
        />
      </SimpleGrid>
      <TextInput
        label={t`Adresse e-mail`}
        type="email"
        autoComplete="email"
        dir="ltr"
        required
        data-testid="delivery-email"
        {...field("email")}
      />
      <Select
        label={t`Gouvernorat`}
        data={(states.data ?? []).map((s) => ({
          value: String(s.id),
          label: refName(s, i18n.locale),
        }))}
        value={stateField.value || null}
        onChange={(v) => stateField.onChange(v ?? "")}
        onBlur={stateField.onBlur}
        error={stateField.error}
        searchable
        required
        nothingFoundMessage={t`Aucun gouvernorat`}
        data-testid="delivery-state"
      />
      <Textarea
        label={t`Adresse`}
        autoComplete="street-address"
        required
        rows={3}
        data-testid="delivery-address"
        {...field("address")}
      />
      <TextInput
        label={t`Code postal (facultatif)`}
        inputMode="numeric"
        autoComplete="postal-code"
        dir="ltr"
        maw={200}
        data-testid="delivery-postal"
        {...field("postalCode")}
      />
      <Textarea
        label={t`Note pour la livraison (facultatif)`}
        rows={3}
        data-testid="delivery-note"
        {...field("note")}
      />
    </Stack>
  );
}
