import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import type { LiveEventDto } from "@domain/events";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { getJoinLink } from "../api/getJoinLink";
import { joinEvent } from "../api/joinEvent";
import { sessionsKeys } from "../sessions.keys";

export interface JoinFlowOptions {
  /** Runs `action` once the pupil has an e-mail (the add-email and verify-email modals otherwise; composed by the route). */
  requireEmail: (action: () => void) => void;
  /** "Acheter": the module is sold on /offres (the purchase comes back to /sessions?eventId). */
  onBuy: (event: LiveEventDto) => void;
  /** The app's own live room (the local live adapter). */
  onOpenRoom: (eventId: number) => void;
}

/**
 * The session's button (SPEC §4, §7 "Events"): "Acheter" goes to the offers; "Participer" needs an e-mail, registers
 * (`POST /events/join-user`) and asks for the room (`GET events/{id}/get-join-link`); "Commencer" asks for the room.
 * Before the start the link is a countdown (`waiting`); after, the room opens (the app's page, or the provider's in a
 * new tab). Join errors are error toasts (SPEC §8).
 */
export function useJoinSession({
  requireEmail,
  onBuy,
  onOpenRoom,
}: JoinFlowOptions) {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<{
    event: LiveEventDto;
    start: string;
  } | null>(null);

  const run = useCallback(
    (event: LiveEventDto): Promise<void> => {
      const attempt = async (): Promise<void> => {
        setBusyId(event.id);
        try {
          if (event.action === "join") {
            await joinEvent(event.id);
            void queryClient.invalidateQueries({ queryKey: sessionsKeys.all });
          }
          const link = await getJoinLink(event.id);
          if (link.eventStartTime !== undefined)
            setWaiting({ event, start: link.eventStartTime });
          else if (link.external)
            window.open(link.url, "_blank", "noopener,noreferrer");
          else onOpenRoom(event.id);
        } catch (err) {
          if (err instanceof ApiRequestError && err.code === "email_required") {
            requireEmail(() => void attempt());
            return;
          }
          if (
            err instanceof ApiRequestError &&
            err.code === "event_purchase_required"
          ) {
            onBuy(event);
            return;
          }
          toast.error(describeError(i18n, err));
          void queryClient.invalidateQueries({ queryKey: sessionsKeys.all });
        } finally {
          setBusyId(null);
        }
      };
      return attempt();
    },
    [i18n, onBuy, onOpenRoom, queryClient, requireEmail],
  );

  const act = useCallback(
    (event: LiveEventDto) => {
      if (event.action === "close") return;
      if (event.action === "buy") onBuy(event);
      else requireEmail(() => void run(event));
    },
    [onBuy, requireEmail, run],
  );

  return {
    act,
    busyId,
    waiting,
    closeWaiting: () => setWaiting(null),
    retry: run,
  };
}
