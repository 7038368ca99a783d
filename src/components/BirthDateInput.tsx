import { TextInput } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

/** Masks typing into dd/mm/yyyy (digits only; the slashes come by themselves). */
function maskDate(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 8)].filter(Boolean).join("/");
}

/** "2008-03-14" (the API's birth date) → "14/03/2008" (what the field shows); anything else is kept as it is. */
export function isoToDayMonthYear(iso: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso ?? "");
}

export interface BirthDateInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | boolean | undefined;
  required?: boolean;
}

/**
 * The birth date as the pupil writes it in Tunisia, dd/mm/yyyy, whatever the browser's own locale (a native date
 * field shows mm/dd/yyyy in a US browser): a masked text field, digits left to right in every language.
 */
export function BirthDateInput({ value, onChange, onBlur, error, required }: BirthDateInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Date de naissance`}
      placeholder={t`jj/mm/aaaa`}
      inputMode="numeric"
      autoComplete="bday"
      dir="ltr"
      maxLength={10}
      required={required}
      value={value}
      onChange={(e) => onChange(maskDate(e.currentTarget.value))}
      onBlur={onBlur}
      error={error}
      data-testid="birth-date"
    />
  );
}
