import { useForm, schemaResolver, type UseFormInput } from "@mantine/form";
import { useLingui } from "@lingui/react";
import { ApiRequestError } from "./api";
import { codeMessage } from "./i18n/errors";

/**
 * A Mantine form validated by a `domain/` schema (the same one the server uses). Errors are codes;
 * `field(path)` gives the input props with the code translated, `applyServerErrors` puts a 422's
 * field errors on the inputs.
 */
export function useSchemaForm<V extends Record<string, unknown>>(
  schema: Parameters<typeof schemaResolver>[0],
  options: Omit<UseFormInput<V>, "validate" | "mode">,
) {
  const { i18n } = useLingui();
  const form = useForm<V>({ mode: "controlled", validateInputOnBlur: true, ...options, validate: schemaResolver(schema, { sync: true }) });
  const translate = (error: unknown) => (error ? (codeMessage(i18n, String(error)) ?? String(error)) : undefined);
  const field = (path: string, opts?: { type?: "input" | "checkbox" }) => {
    const props = form.getInputProps(path, opts);
    return { ...props, error: translate(props.error) };
  };
  const applyServerErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiRequestError)) return false;
    const entries = Object.entries(err.errors);
    if (!entries.length) return false;
    form.setErrors(Object.fromEntries(entries.map(([k, codes]) => [k, codes[0] ?? true])));
    return true;
  };
  const isValid = () => Object.keys(schemaResolver(schema, { sync: true })(form.getValues())).length === 0;
  return { form, field, applyServerErrors, isValid };
}
