import { useLingui } from "@lingui/react";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";

/** The 3-second result toasts of the auth forms. */
export function useResultToast() {
  const { i18n } = useLingui();
  return {
    success: (message: string) => toast.success(message),
    error: (err: unknown) => toast.error(describeError(i18n, err)),
  };
}
