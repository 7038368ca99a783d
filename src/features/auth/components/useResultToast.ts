import { notifications } from "@mantine/notifications";
import { useLingui } from "@lingui/react";
import { TOAST_MS } from "@domain/constants";
import { describeError } from "@/lib/i18n/errors";

/** The 3-second result toasts of the auth forms. */
export function useResultToast() {
  const { i18n } = useLingui();
  return {
    success: (message: string) => notifications.show({ color: "teal", message, autoClose: TOAST_MS }),
    error: (err: unknown) => notifications.show({ color: "red", message: describeError(i18n, err), autoClose: TOAST_MS }),
  };
}
