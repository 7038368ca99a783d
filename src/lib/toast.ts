import type { NotificationData } from "@mantine/notifications";
import { t } from "@lingui/core/macro";
import { TOAST_MS } from "@domain/constants";

/**
 * Toasts without loading the toast library up front (15 kB with its portal and transitions): the first toast fetches
 * it and mounts the container (`LazyNotifications`), later calls are immediate. Every toast lasts 3 s unless told
 * otherwise.
 */
let wanted = false;
const wantedListeners = new Set<() => void>();

const store = () => {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  return import("@mantine/notifications").then((m) => m.notifications);
};

/** Whether a toast was ever asked for (the container mounts then, not before). */
export const toastsWanted = () => wanted;
export function subscribeToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

export const toast = {
  show(data: NotificationData): void {
    // The close button is named in the pupil's language (a toast can be on screen while anything else is checked).
    const closeButtonProps = { "aria-label": t`Fermer` };
    // Under a title, Mantine greys the message to 3.3:1 on white (gray-6): the app's dimmed colour keeps 4.5:1.
    const styles = data.title ? { description: { color: "var(--mantine-color-dimmed)" } } : undefined;
    void store().then((n) => n.show({ autoClose: TOAST_MS, closeButtonProps, styles, ...data }));
  },
  update(data: NotificationData & { id: string }): void {
    void store().then((n) => n.update(data));
  },
  hide(id: string): void {
    void store().then((n) => n.hide(id));
  },
  success(message: string): void {
    toast.show({ color: "teal", message });
  },
  error(message: string): void {
    toast.show({ color: "red", message });
  },
  warning(message: string): void {
    toast.show({ color: "yellow", message });
  },
};
