import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { needsEmail } from "@domain/profile";
import type { Me } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { AddEmailModal } from "./AddEmailModal";
import { VerifyEmailModal } from "./VerifyEmailModal";

/**
 * The e-mail gate of live-session actions (SPEC §5: "Live-session actions require an email (else add-email modal)").
 *
 * ```tsx
 * const gate = useEmailGate();
 * <Button onClick={() => gate.require(() => join(event))}>Participer</Button>
 * {gate.modals}
 * ```
 *
 * `require(action)` runs `action` at once when the signed-in pupil has an e-mail; otherwise it opens the add-email
 * modal, then the verify-email modal, and runs `action` once the code is confirmed (closing either modal drops it).
 * Render `gate.modals` once, anywhere in the screen.
 */
export function useEmailGate(): {
  require: (action: () => void) => void;
  modals: ReactNode;
} {
  const queryClient = useQueryClient();
  const pending = useRef<(() => void) | null>(null);
  const [step, setStep] = useState<"idle" | "add" | "verify">("idle");
  const [email, setEmail] = useState<string | null>(null);

  const require = useCallback(
    (action: () => void) => {
      const me = queryClient.getQueryData<Me>(meQueryOptions.queryKey);
      if (me && !needsEmail(me)) {
        action();
        return;
      }
      pending.current = action;
      setStep("add");
    },
    [queryClient],
  );

  const cancel = () => {
    pending.current = null;
    setStep("idle");
  };

  const modals = (
    <>
      <AddEmailModal
        opened={step === "add"}
        onClose={cancel}
        onSent={(sentTo) => {
          setEmail(sentTo);
          setStep("verify");
        }}
      />
      <VerifyEmailModal
        opened={step === "verify"}
        email={email}
        onClose={cancel}
        onVerified={() => {
          const action = pending.current;
          pending.current = null;
          setStep("idle");
          action?.();
        }}
      />
    </>
  );
  return { require, modals };
}

/** The same gate as a component: `children(require)` renders the trigger. */
export function EmailGate({ children }: { children: (require: (action: () => void) => void) => ReactNode }) {
  const gate = useEmailGate();
  return (
    <>
      {children(gate.require)}
      {gate.modals}
    </>
  );
}
