import type { Deps } from "../../lib/deps";
import { sendMessage } from "../messages/send";

/** A verification or reset code, by SMS or e-mail, in the pupil's language (../messages/texts.ts). */
export async function sendCode(
  deps: Pick<Deps, "messaging" | "env">,
  dest: { to: string; channel: "sms" | "email" },
  kind: "verification" | "reset",
  code: string,
): Promise<void> {
  await sendMessage(deps, dest, kind, { code });
}
