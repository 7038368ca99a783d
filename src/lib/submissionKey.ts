import { useRef } from "react";
import { ApiRequestError } from "./api";

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
      if (err instanceof ApiRequestError && (err.isNetwork || err.status >= 500 || (err.status === 409 && err.code === "conflict"))) return;
      last.current = null;
    },
  };
}

/** Retries a money call whose answer was lost, with the same variables (and so the same key). */
export const retryLostAnswer = (failures: number, err: unknown) =>
  failures < 2 && err instanceof ApiRequestError && (err.isNetwork || err.status >= 500);
