import type * as v from "valibot";
import { isErrorCode } from "../errors";

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Maps valibot issues to `{ field: [code] }`, the `errors` map of the envelope. A missing field gets its
 * own "required" code when there is one (`lastName` → `last_name_required`); any other message that is
 * not one of our codes becomes `validation_failed`, so that the client can always translate what it gets.
 */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const keys = issue.path?.map((p) => String(p.key)) ?? [];
    const path = keys.join(".") || "_";
    let code = issue.message;
    if (!isErrorCode(code)) {
      const last = keys[keys.length - 1];
      const required = last && issue.input === undefined ? `${snake(last)}_required` : "";
      code = isErrorCode(required) ? required : "validation_failed";
    }
    (out[path] ??= []).push(code);
  }
  return out;
}
