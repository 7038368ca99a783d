import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import { useLingui } from "@lingui/react";
import { issuesToErrors } from "@domain/schemas/issues";
import { ApiRequestError } from "./api";
import { codeMessage } from "./i18n/errors";

type Schema = v.GenericSchema<unknown, unknown>;
type Errors = Record<string, string>;

function getPath(values: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), values);
}

function setPath<V>(values: V, path: string, value: unknown): V {
  const [head, ...rest] = path.split(".");
  const obj = values as Record<string, unknown>;
  return { ...obj, [head!]: rest.length ? setPath(obj[head!] ?? {}, rest.join("."), value) : value } as V;
}

/** Every field's first error code, keyed by dotted path ("plainPassword.second"). */
function validate(schema: Schema, values: unknown): Errors {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const out: Errors = {};
  for (const [path, codes] of Object.entries(issuesToErrors(result.issues))) if (codes[0]) out[path] = codes[0];
  return out;
}

const valueOf = (arg: unknown) =>
  arg && typeof arg === "object" && "currentTarget" in arg ? (arg as { currentTarget: { value: string } }).currentTarget.value : arg;

/**
 * A small controlled form validated by a `domain/` schema — the same one the server applies. A field is
 * checked when it loses focus and its error clears while the pupil types; submit checks everything.
 * `field(path)` gives an input its value, handlers and translated error; `applyServerErrors` puts a 422's
 * field codes on the inputs (`serverFields` names the form's path of a field the API calls otherwise, as the code
 * forms' `{ code }` for the API's `confirmationToken`).
 */
export function useSchemaForm<V extends Record<string, unknown>>(
  schema: Schema,
  options: { initialValues: V; onValuesChange?: (values: V, previous: V) => void; serverFields?: Record<string, string> },
) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<V>(options.initialValues);
  const [errors, setErrorsState] = useState<Errors>({});
  // Every change goes through setFieldValue, which keeps this in step with `values` synchronously.
  const latest = useRef(options.initialValues);
  const onValuesChange = useRef(options.onValuesChange);
  useLayoutEffect(() => {
    onValuesChange.current = options.onValuesChange;
  });

  const setFieldValue = useCallback((path: string, value: unknown) => {
    const previous = latest.current;
    const next = setPath(previous, path, value);
    latest.current = next;
    setValues(next);
    setErrorsState((e) => {
      if (!(path in e)) return e;
      const { [path]: _removed, ...rest } = e;
      return rest;
    });
    onValuesChange.current?.(next, previous);
  }, []);

  const form = useMemo(
    () => ({
      getValues: () => latest.current,
      setFieldValue,
      /** Marks fields as invalid; a blank string marks without text. */
      setErrors: (next: Errors) => setErrorsState(next),
      onSubmit: (handler: (values: V) => void | Promise<void>) => (event?: FormEvent) => {
        event?.preventDefault();
        const found = validate(schema, latest.current);
        setErrorsState(found);
        if (Object.keys(found).length === 0) void handler(latest.current);
      },
    }),
    [schema, setFieldValue],
  );

  const field = (path: string) => {
    const code = errors[path];
    return {
      value: (getPath(values, path) ?? "") as string,
      onChange: (arg: unknown) => setFieldValue(path, valueOf(arg)),
      onBlur: () => {
        const found = validate(schema, latest.current)[path];
        setErrorsState((e) => {
          if (found === e[path]) return e;
          const { [path]: _old, ...rest } = e;
          return found ? { ...rest, [path]: found } : rest;
        });
      },
      error: code === undefined ? undefined : code.trim() === "" ? true : (codeMessage(i18n, code) ?? code),
    };
  };

  const applyServerErrors = (err: unknown): boolean => {
    if (!(err instanceof ApiRequestError)) return false;
    const entries = Object.entries(err.errors).filter(([, codes]) => codes.length > 0);
    if (!entries.length) return false;
    setErrorsState(Object.fromEntries(entries.map(([k, codes]) => [options.serverFields?.[k] ?? k, codes[0]!])));
    return true;
  };

  const isValid = () => Object.keys(validate(schema, values)).length === 0;
  return { form, field, applyServerErrors, isValid, values };
}

/**
 * The code-confirmation forms (the account's verification, a transfer's confirmation, a new e-mail's or phone's), on
 * `useSchemaForm`: one `code` checked by its `domain/` schema (`v.object({ code })`) before it is sent; the server's
 * refusal of the code (a 422 on `serverField`) shows under the boxes, which are emptied for another try; any other
 * failure goes to `onError` (a toast). `sendAgain` asks for a new code and empties the boxes.
 */
export function useCodeForm(
  schema: Schema,
  options: { serverField: string; submit: (code: string) => Promise<void>; resend?: () => Promise<void>; onError: (err: unknown) => void },
) {
  const { form, field, applyServerErrors, isValid } = useSchemaForm(schema, { initialValues: { code: "" }, serverFields: { [options.serverField]: "code" } });
  const clear = () => form.setFieldValue("code", "");
  const { value, onChange, error } = field("code");
  return {
    /** For `CodeInput`: the code, its change handler and its translated error. */
    input: { value, onChange: (next: string) => onChange(next), error: typeof error === "string" ? error : undefined },
    isValid,
    clear,
    onSubmit: form.onSubmit(async ({ code }) => {
      try {
        await options.submit(String(code));
        clear();
      } catch (err) {
        const aboutTheCode = err instanceof ApiRequestError && (err.errors[options.serverField]?.length ?? 0) > 0;
        if (!aboutTheCode) return options.onError(err);
        clear();
        applyServerErrors(err);
      }
    }),
    sendAgain: async () => {
      try {
        await options.resend?.();
        clear();
      } catch (err) {
        options.onError(err);
      }
    },
  };
}
