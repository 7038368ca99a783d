import { useCallback } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { signIn } from "@/features/auth/session";
import { returnFields } from "@/features/operator/api/operatorReturn";
import { OperatorSuccessScreen } from "@/features/operator/screens/OperatorReturnScreen";
import { meKey } from "@/lib/me";
import { getSession } from "@/lib/session";

/** Open route: the operator's success return (SPEC §2 guards recognise digitalvirgo/success); ends on / with access, or on /login for a link used before. */
export const Route = createFileRoute("/digitalvirgo/success")({
  validateSearch: (search: Record<string, unknown>) => search,
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const queryClient = useQueryClient();
    const onSignedIn = useCallback((token: string, expiresAt: string | null) => signIn(token, expiresAt), []);
    const onDone = useCallback(() => {
      void queryClient.invalidateQueries({ queryKey: meKey });
      void navigate({ to: "/", replace: true });
    }, [navigate, queryClient]);
    const onLogin = useCallback(() => void navigate({ to: "/login", replace: true }), [navigate]);
    return <OperatorSuccessScreen query={returnFields(search)} signedIn={Boolean(getSession())} onSignedIn={onSignedIn} onDone={onDone} onLogin={onLogin} />;
  },
});
