import { createChallenge, verifySolution } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { usedBotChallenges } from "../db/schema";

export interface BotCheck {
  readonly mode: "altcha" | "off";
  challenge(): Promise<Challenge | null>;
  /** True when the token proves the work and was never used before. */
  verify(token: string | undefined): Promise<boolean>;
}

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Self-hosted invisible proof of work (ALTCHA): the server signs a challenge, the browser finds the
 * number, the answer comes back as `g-recaptcha-response` and may be used once.
 */
export function createAltchaBotCheck(db: Db, hmacKey: string, now: () => Date, maxNumber = 50_000): BotCheck {
  return {
    mode: "altcha",
    challenge: () => createChallenge({ hmacKey, maxNumber, expires: new Date(now().getTime() + CHALLENGE_TTL_MS) }),
    async verify(token) {
      if (!token) return false;
      let payload: { signature?: unknown };
      try {
        payload = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as { signature?: unknown };
      } catch {
        return false;
      }
      if (typeof payload.signature !== "string") return false;
      if (!(await verifySolution(token, hmacKey, true))) return false;
      await db.delete(usedBotChallenges).where(lt(usedBotChallenges.expiresAt, now()));
      const inserted = await db
        .insert(usedBotChallenges)
        .values({ signature: payload.signature, expiresAt: new Date(now().getTime() + CHALLENGE_TTL_MS) })
        .onConflictDoNothing()
        .returning({ signature: usedBotChallenges.signature });
      return inserted.length === 1;
    },
  };
}

export const offBotCheck: BotCheck = {
  mode: "off",
  challenge: async () => null,
  verify: async () => true,
};
