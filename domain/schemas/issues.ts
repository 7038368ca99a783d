import type * as v from "valibot";

/** Maps valibot issues to `{ field: [code] }`, the `errors` map of the envelope. */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path?.map((p) => String(p.key)).join(".") || "_";
    (out[path] ??= []).push(issue.message);
  }
  return out;
}
