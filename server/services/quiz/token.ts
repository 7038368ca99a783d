/**
 * Quiz tokens (SPEC §7 "quiz service login returning a quiz token and user id"). The quiz service is a separate
 * service: the app's bearer token opens a quiz session (`POST /svc/quiz/login`), and every other quiz call takes
 * that short-lived quiz token instead. It is a JWT signed with a key derived for the quiz service only (an app
 * token is not a quiz token and vice versa), bound to the app session that asked for it: logging out or
 * changing the password ends it too.
 */
import { createHmac } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { sign, verify } from "hono/jwt";
import { QUIZ_TOKEN_TTL_SECONDS, type QuizLoginDto } from "../../../domain/quiz";
import { sessions, users } from "../../db/schema";
import { GATE_COLUMNS, accountGates, bearerToken, enforceGates, type AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";

const ALG = "HS256" as const;
const AUDIENCE = "darsi-quiz";

const quizKey = (secret: string) => createHmac("sha256", secret).update("quiz-service-token:v1").digest("hex");

export interface QuizAuth {
  userId: number;
  sessionId: string;
}

/** `POST /svc/quiz/login`: a quiz token for the signed-in pupil, valid 30 minutes (never past the app session). */
export async function quizLogin(deps: Pick<Deps, "secret" | "now">, auth: AuthInfo): Promise<QuizLoginDto> {
  const now = deps.now();
  const exp = Math.min(Math.floor(now.getTime() / 1000) + QUIZ_TOKEN_TTL_SECONDS, Math.floor(auth.expiresAt.getTime() / 1000));
  const token = await sign(
    {
      sub: String(auth.userId),
      sid: auth.sessionId,
      aud: AUDIENCE,
      iat: Math.floor(now.getTime() / 1000),
      exp,
    },
    quizKey(deps.secret),
    ALG,
  );
  return {
    token,
    user_id: auth.userId,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/** The pupil behind a quiz token (`Authorization: Bearer …`), or 401 `quiz_token_invalid`. */
export async function authenticateQuiz(deps: Pick<Deps, "db" | "secret" | "now">, header: string | undefined): Promise<QuizAuth> {
  const invalid = () => new AppError(401, "quiz_token_invalid");
  const token = bearerToken(header);
  if (!token) throw invalid();
  let claims: Record<string, unknown>;
  try {
    claims = (await verify(token, quizKey(deps.secret), {
      alg: ALG,
      iat: false,
      exp: false,
    })) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  const now = deps.now();
  // Expiry against the service clock (injectable in tests), not the library's wall clock.
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= now.getTime()) throw invalid();
  if (claims.aud !== AUDIENCE || typeof claims.sid !== "string" || !/^[0-9a-f-]{36}$/.test(claims.sid)) throw invalid();
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId) || userId < 1) throw invalid();
  const [session] = await deps.db
    .select({
      userId: sessions.userId,
      adminId: sessions.adminId,
      expiresAt: sessions.expiresAt,
      gate: GATE_COLUMNS,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), isNull(sessions.revokedAt)))
    .limit(1);
  if (!session || session.userId !== userId || session.expiresAt <= now) throw invalid();
  // The account gates of SPEC §2 hold for the quiz service too (a password change ordered after the quiz login).
  enforceGates({ gates: accountGates(session.gate, session.adminId) });
  return { userId, sessionId: claims.sid };
}
