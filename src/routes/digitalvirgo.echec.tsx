import { createFileRoute } from "@tanstack/react-router";
import { returnFields } from "@/features/operator/api/operatorReturn";
import { OperatorFailureScreen } from "@/features/operator/screens/OperatorReturnScreen";

/** Open route: the operator's failure return (SPEC §2 guards recognise digitalvirgo/echec). */
export const Route = createFileRoute("/digitalvirgo/echec")({
  validateSearch: (search: Record<string, unknown>) => search,
  component: function Screen() {
    const search = Route.useSearch();
    return <OperatorFailureScreen query={returnFields(search)} />;
  },
});
