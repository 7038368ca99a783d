import { useEffect, useState } from "react";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { IconBell, IconMail } from "@tabler/icons-react";
import { DeferredMenu } from "@/components/DeferredMenu";
import { deferred, useDeferred } from "@/components/deferred";
import type { PopupDto } from "@domain/notifications";
import { HeaderButton } from "@/features/notifications/components/HeaderButton";
import { unreadMessagesQueryOptions } from "@/features/notifications/api/unreadMessages";
import { unreadNotificationsQueryOptions } from "@/features/notifications/api/unreadNotifications";
import { fetchPopups } from "@/features/notifications/api/getPopups";
import { notificationsKeys } from "@/features/notifications/notifications.keys";
import { meQueryOptions } from "@/lib/me";
import { currentUserId } from "@/lib/offline/user";
import { AFTER_FIRST_SCREEN_MS, afterFirstScreen } from "@/lib/offline/send";
import { i18n, isLocale } from "@/lib/i18n";
import { DEFAULT_LOCALE } from "@domain/constants";
import { toast } from "@/lib/toast";

const notificationsMenu = deferred(() => import("@/features/notifications/components/NotificationsMenu").then((m) => m.NotificationsMenu));
const messagesMenu = deferred(() => import("@/features/notifications/components/MessagesMenu").then((m) => m.MessagesMenu));
const popupDialog = deferred(() => import("@/features/notifications/components/PopupDialog").then((m) => m.PopupDialog));

/**
 * The header menus (SPEC §2): notifications and messages. The shell draws only the two triggers with their unread
 * counts; each menu's code loads when the pupil comes to it. A push while the app is visible (the service worker's
 * PUSH_RECEIVED) shows a toast and refreshes the counts; the pop-ups of the notification service open once the
 * first screen is up — signed-in pupils only (this is the authenticated layout).
 */
export function HeaderMenus({ withMessages }: { withMessages: boolean }) {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const pupil = me.user_type !== "parent" && me.user_type !== "teacher";
  const { data: unread = 0 } = useQuery({ ...unreadNotificationsQueryOptions, enabled: pupil });
  const { data: unreadMessages = 0 } = useQuery({ ...unreadMessagesQueryOptions, enabled: pupil && withMessages });
  usePushMessages();
  if (!pupil) return null;
  return (
    <>
      {withMessages ? <DeferredMenu menu={messagesMenu} props={{}} placeholder={<Trigger kind="messages" unread={unreadMessages} />} /> : null}
      <DeferredMenu menu={notificationsMenu} props={{}} placeholder={<Trigger kind="notifications" unread={unread} />} />
      <PopupHost />
    </>
  );
}

/** A menu's trigger as drawn before its code is there (same look and name as the menu's own). */
function Trigger({ kind, unread }: { kind: "notifications" | "messages"; unread: number }) {
  const { t } = useLingui();
  const bell = kind === "notifications";
  const label = bell ? (unread ? t`Notifications, ${unread} non lues` : t`Notifications`) : unread ? t`Messages, ${unread} non lus` : t`Messages`;
  const Icon = bell ? IconBell : IconMail;
  return <HeaderButton icon={<Icon size={21} aria-hidden />} count={unread} label={label} aria-haspopup="dialog" aria-expanded={false} data-testid={`${kind}-button`} />;
}

/**
 * The counts follow what arrived meanwhile: a push (the service worker's message to every open page, with a toast when
 * the page is visible), the network coming back. The push client (`@/lib/push`) is not part of the first screen: it
 * loads `AFTER_FIRST_SCREEN_MS` after the page's load, then listens to the service worker and checks that the device's
 * token is registered in the interface's language. With push on, the counts are refreshed then, for a push that came
 * before (it is in the bell; only its toast was missed).
 */
function usePushMessages() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let alive = true;
    let stop = () => undefined as void;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    afterFirstScreen(() => {
      void import("@/lib/push")
        .then((push) => {
          if (!alive) return;
          stop = push.onPushMessage((data) => {
            refresh();
            const n = data.notification;
            // PUSH_SEEN carries no notification: only a push that arrived while this page was visible is toasted.
            if (n && !data.silent) toast.show({ title: n.title, message: n.body, color: "darsi" });
          });
          if (!push.storedPushToken()) return;
          refresh();
          return push.registerPushLanguage(isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
        })
        .catch(() => undefined);
    }, AFTER_FIRST_SCREEN_MS);
    window.addEventListener("online", refresh);
    return () => {
      alive = false;
      stop();
      window.removeEventListener("online", refresh);
    };
  }, [queryClient]);
}

/** The notification service's pop-ups, asked a moment after the first screen; the dialog's code loads only when there is one. */
function PopupHost() {
  const [popups, setPopups] = useState<PopupDto[]>([]);
  const [Dialog, load] = useDeferred(popupDialog);
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      fetchPopups().then(
        (list) => {
          if (!alive || !list.length) return;
          setPopups(list);
          load();
        },
        () => undefined,
      );
    }, 1_500);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [load]);
  const userId = currentUserId();
  if (!Dialog || !popups.length || userId === null) return null;
  return <Dialog popups={popups} userId={userId} />;
}
