import { createFileRoute, redirect, useNavigate, useRouter } from "@tanstack/react-router";
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
          // Back after the idle lock: where they were (the lesson); otherwise home.
          const back = takeWhereLeft(s.pupil.id);
          if (back) router.history.push(back);
          else void navigate({ to: "/" });
        }}
      />
    );
  },
});
