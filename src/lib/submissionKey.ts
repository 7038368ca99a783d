import { useRef } from "react";
import { isLostAnswer } from "./api";

/**
 * One Idempotency-Key per submission (DESIGN §3): the same body sent again after a lost answer (network failure,
 * server error) reuses its key, so the server applies it once and replays its answer; a new body, or the same body
 * after a definitive answer, gets a new key.
 */
export function useSubmissionKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last.current?.body === text) return last.current.key;
      const key = crypto.randomUUID();
      last.current = { body: text, key };
      return key;
    },
    /** After an answer: a lost one keeps the key for the retry, a real one frees it. */
    settle(err?: unknown): void {
      if (isLostAnswer(err)) return;
      last.current = null;
    },
  };
}

/**
 * Retries a money call (a transfer, a purchase) whose answer was lost (`isLostAnswer`: network, server error, the same
 * key still running), with the same variables and so the same key: twice at most.
 */
export const retryLostAnswer = (failures: number, err: unknown) => failures < 2 && isLostAnswer(err);
