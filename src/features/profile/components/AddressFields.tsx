import { Select, SimpleGrid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { governorateEnabled, setAddressField, type Address } from "@domain/profile";
import { referenceQueries, refName, type RefItem } from "@/lib/reference";

/**
 * The dependent address selects (SPEC §2): country → governorate → delegation → institute. Choosing one clears the
 * ones below it (`setAddressField`); the governorate is enabled only for Tunisia (country 1).
 */
export function AddressFields({ value, onChange, stateError }: { value: Address; onChange: (next: Address) => void; stateError?: string | boolean }) {
  const { t, i18n } = useLingui();
  const countries = useQuery(referenceQueries.countries());
  const tunisia = governorateEnabled(value.country);
  const states = useQuery({
    ...referenceQueries.states(value.country ?? 1),
    enabled: tunisia,
  });
  const delegations = useQuery({
    ...referenceQueries.delegations(value.state ?? 0),
    enabled: tunisia && value.state !== null,
  });
  const institutes = useQuery({
    ...referenceQueries.institutes(value.state ?? 0),
    enabled: tunisia && value.state !== null,
  });
  const options = (items: RefItem[] | undefined) =>
    (items ?? []).map((i) => ({
      value: String(i.id),
      label: refName(i, i18n.locale),
    }));
  const instituteItems = (institutes.data as Array<RefItem & { delegation_id?: number | null }> | undefined)?.filter(
    (i) => value.delegation === null || i.delegation_id == null || i.delegation_id === value.delegation,
  );
  // A governorate (or delegation) with no listed institute: the field says so instead of opening an empty list.
  const noInstitute = tunisia && value.state !== null && institutes.isSuccess && (instituteItems?.length ?? 0) === 0;
  const set = (field: keyof Address) => (v: string | null) => onChange(setAddressField(value, field, v ? Number(v) : null));
  const str = (n: number | null) => (n === null ? null : String(n));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select label={t`Pays`} data={options(countries.data)} value={str(value.country)} onChange={set("country")} searchable nothingFoundMessage={t`Aucun pays trouvé`} data-testid="field-country" />
      <Select
        label={t`Gouvernorat`}
        data={options(states.data)}
        value={str(value.state)}
        onChange={set("state")}
        searchable
        clearable
        nothingFoundMessage={t`Aucun gouvernorat`}
        disabled={!tunisia}
        required={tunisia}
        error={stateError}
        data-testid="field-state"
      />
      <Select
        label={t`Délégation`}
        data={options(delegations.data)}
        value={str(value.delegation)}
        onChange={set("delegation")}
        searchable
        clearable
        nothingFoundMessage={t`Aucune délégation`}
        disabled={!tunisia || value.state === null}
        data-testid="field-delegation"
      />
      <Select
        label={t`Établissement`}
        data={options(instituteItems)}
        value={str(value.institute)}
        onChange={set("institute")}
        searchable
        clearable
        placeholder={noInstitute ? t`Aucun établissement` : undefined}
        nothingFoundMessage={t`Aucun établissement trouvé`}
        disabled={!tunisia || value.state === null || noInstitute}
        data-testid="field-institute"
      />
    </SimpleGrid>
  );
}
