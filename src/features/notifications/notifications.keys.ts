/** Query keys of the notifications feature (bell, messages, pop-ups, preferences): one factory. */
export type Tab = "all" | "unread";

export const notificationsKeys = {
  all: ["notifications"] as const,
  /** The bell's unread count (the shell's trigger). */
  unread: () => [...notificationsKeys.all, "unread"] as const,
  list: (tab: Tab) => [...notificationsKeys.all, "list", tab] as const,
  preferences: () => [...notificationsKeys.all, "preferences"] as const,
  messages: ["messages"] as const,
  messagesUnread: () => [...notificationsKeys.messages, "unread"] as const,
  messageList: (tab: Tab) => [...notificationsKeys.messages, "list", tab] as const,
  message: (id: number) => [...notificationsKeys.messages, "one", id] as const,
  popups: () => ["popups"] as const,
};
