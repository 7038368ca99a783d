import { lazy, Suspense, useState } from "react";
import { getClientType } from "@/lib/clientType";

const WelcomeModal = lazy(() => import("./WelcomeModal"));

/** Shows the Arabic welcome modal (a lazy chunk) when the client-type marker is in session storage. */
export function WelcomeGate() {
  const [show, setShow] = useState(() => getClientType() !== null);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeModal onDone={() => setShow(false)} />
    </Suspense>
  );
}
