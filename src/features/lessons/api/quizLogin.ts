import type { QuizLoginDto } from "@domain/quiz";
import { api, ApiRequestError } from "@/lib/api";
import { env } from "@/lib/env";
import { getSession } from "@/lib/session";

/** Renew a quiz token this long before it expires. */
const MARGIN_MS = 60_000;

/**
 * The quiz session, in memory only (never persisted): bound to the app token that opened it, so another pupil
 * signing in on the same device never reuses it.
 */
let current: { appToken: string; login: QuizLoginDto } | null = null;
let pending: Promise<QuizLoginDto> | null = null;

/** `POST {quizBase}/login` with the pupil's bearer token: a short-lived quiz token and the quiz user id. */
async function quizLogin(): Promise<QuizLoginDto> {
  return (await api<QuizLoginDto>("/login", { base: env.quizBase, method: "POST" })).payload;
}

/** A valid quiz token for the signed-in pupil (logs in to the quiz service when there is none or it is old). */
async function quizToken(force = false): Promise<string> {
  const appToken = getSession()?.token ?? "";
  const fresh = current && current.appToken === appToken && new Date(current.login.expires_at).getTime() - MARGIN_MS > Date.now();
  if (fresh && !force) return current!.login.token;
  pending ??= quizLogin().finally(() => {
    pending = null;
  });
  const login = await pending;
  current = { appToken, login };
  return login.token;
}

/** Calls the quiz service with its own token (not the app's); a refused token is renewed once. */
export async function withQuizToken<T>(call: (headers: { Authorization: string }) => Promise<T>): Promise<T> {
  try {
    return await call({ Authorization: `Bearer ${await quizToken()}` });
  } catch (err) {
    if (!(err instanceof ApiRequestError && err.code === "quiz_token_invalid")) throw err;
    return call({ Authorization: `Bearer ${await quizToken(true)}` });
  }
}

/** Forgets the quiz session (tests). */
export function resetQuizSession(): void {
  current = null;
  pending = null;
}
