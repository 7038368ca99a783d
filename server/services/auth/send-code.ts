import type { Deps } from "../../lib/deps";

const TEXTS = {
  verification: (code: string) => `Darsi : votre code de vérification est ${code}. Il expire dans 10 minutes.`,
  reset: (code: string) => `Darsi : votre code de réinitialisation du mot de passe est ${code}. Il expire dans 10 minutes.`,
} as const;

export async function sendCode(
  deps: Pick<Deps, "messaging">,
  dest: { to: string; channel: "sms" | "email" },
  kind: keyof typeof TEXTS,
  code: string,
): Promise<void> {
  await deps.messaging.send({ ...dest, kind, code, body: TEXTS[kind](code) });
}
