import type { NotificationData } from "@mantine/notifications";
import { TOAST_MS } from "@domain/constants";

/**
 * Toasts without loading the toast library up front: the first call fetches it (a few kB, usually already
 * there by then), later calls are immediate. Every toast lasts 3 s unless told otherwise.
 */
const store = () => import("@mantine/notifications").then((m) => m.notifications);

export const toast = {
  show(data: NotificationData): void {
    void store().then((n) => n.show({ autoClose: TOAST_MS, ...data }));
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
