import { createFileRoute } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { meQueryOptions } from "@/lib/me";
import { statementQueryOptions } from "@/features/wallet/api/getStatement";
import { WalletScreen, WalletScreenPending } from "@/features/wallet/screens/WalletScreen";
import { walletSearchSchema } from "@/features/wallet/search";
import { walletKeys } from "@/features/wallet/wallet.keys";
import { TransfersPanel } from "@/features/transfers/components/TransfersPanel";

export const Route = createFileRoute("/_auth/porte-monnaie")({
  validateSearch: walletSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page, perPage: search.perPage, kind: search.kind }),
  loader: ({ context, deps }) =>
    Promise.all([context.queryClient.ensureQueryData(meQueryOptions), context.queryClient.ensureQueryData(statementQueryOptions(deps.page, deps.perPage, deps.kind))]),
  pendingComponent: WalletScreenPending,
  // The placeholder ships with the screen's chunk, not in the entry.
  codeSplitGroupings: [["component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
  component: function Screen() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const queryClient = useQueryClient();
    // A confirmed transfer is a movement of the statement too.
    const transfers = <TransfersPanel withTitle={false} onConfirmed={() => void queryClient.invalidateQueries({ queryKey: walletKeys.all })} />;
    return <WalletScreen {...search} onChange={(next) => void navigate({ search: next })} transfers={transfers} />;
  },
});
