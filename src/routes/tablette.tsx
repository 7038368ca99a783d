import { createFileRoute, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { signIn } from "@/features/auth/session";
import { TabletScreen } from "@/features/tablet/screens/TabletScreen";
import { getSession } from "@/lib/session";
import { getTabletDevice, takeWhereLeft } from "@/lib/tablet";

/** Open route: the class tablet's activation and its pupils' grid (issue 23); a signed-in pupil goes to the app. */
export const Route = createFileRoute("/tablette")({
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: "/" });
  },
  component: function Screen() {
    const navigate = useNavigate();
    const router = useRouter();
    const queryClient = useQueryClient();
    return (
      <TabletScreen
        onSignedIn={async (s) => {
          // What the pupil left sealed on this tablet goes back to the outbox, sent once they are in (issue 23).
          const tabletId = getTabletDevice()?.tablet.id;
          if (tabletId !== undefined) {
            await import("@/lib/offline/vault")
              .then((m) => m.openVault(s.pupil.id, tabletId, s.vault_key))
              .catch((e: unknown) => console.warn("vault: not opened", e));
          }
          signIn(s.token, s.expires_at);
          // The class's chapters on this tablet become the pupil's, offline (issue 23 item 6): their own answers, the
          // tablet's shared files; it goes on in the background while they work.
          if (tabletId !== undefined) {
            void import("@/features/lessons/offline/keepChapter").then((m) => m.adoptClassChapters(queryClient, tabletId)).catch(() => undefined);
          }
          // Back after the idle lock: where they were (the lesson); otherwise home.
          const back = takeWhereLeft(s.pupil.id);
          if (back) router.history.push(back);
          else void navigate({ to: "/" });
        }}
      />
    );
  },
});
