/**
 * FCM HTTP v1's answers to a send, read the same way for the real API and for the local sandbox (./index.ts), which
 * answers as FCM does for the tokens that ask it to fail.
 *
 * FCM's error answer is `{ error: { code, message, status, details: [{ "@type": "…FcmError", errorCode }] } }`:
 * - `UNREGISTERED` (404) — the app was uninstalled or the token expired — and `SENDER_ID_MISMATCH` (403), or an
 *   `INVALID_ARGUMENT` (400) about the registration token: the token will never work again, it is dropped;
 * - any other `INVALID_ARGUMENT`: this message is malformed; sending it again cannot help (failed, token kept);
 * - `QUOTA_EXCEEDED` (429), `UNAVAILABLE` (503), `INTERNAL` (500), an expired access token (401) and any other answer:
 *   tried again later, not before the `Retry-After` FCM gave (seconds or an HTTP date);
 * - no answer at all (network error): tried again later.
 */

/** A send's outcome: `dropToken` when FCM says the device token is dead (its row goes, its pending pushes with it). */
export type PushResult = { ok: true } | { ok: false; permanent: boolean; error: string; retryAfterS?: number; dropToken?: boolean };

const FCM_ERROR = "type.googleapis.com/google.firebase.fcm.v1.FcmError";

interface FcmErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: Array<{ "@type"?: string; errorCode?: string }> };
}

/** Seconds to wait from a `Retry-After` header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function parseError(text: string): { errorCode: string; message: string } {
  let body: FcmErrorBody = {};
  try {
    body = JSON.parse(text) as FcmErrorBody;
  } catch {
    // Not JSON (a proxy's page): the HTTP status alone decides.
  }
  const detail = body.error?.details?.find((d) => d["@type"] === FCM_ERROR)?.errorCode;
  return { errorCode: detail ?? body.error?.status ?? "", message: body.error?.message ?? "" };
}

/** The outcome of FCM's answer to one send. */
export async function fcmOutcome(res: Response, nowMs: number): Promise<PushResult> {
  if (res.ok) return { ok: true };
  const { errorCode, message } = parseError(await res.text());
  const error = `fcm ${res.status}${errorCode ? ` ${errorCode}` : ""}`;
  const deadToken =
    errorCode === "UNREGISTERED" ||
    errorCode === "SENDER_ID_MISMATCH" ||
    res.status === 404 ||
    (res.status === 400 && /registration token/i.test(message));
  if (deadToken) return { ok: false, permanent: true, dropToken: true, error };
  if (res.status === 400) return { ok: false, permanent: true, error };
  const retryAfterS = retryAfterSeconds(res.headers.get("retry-after"), nowMs);
  return { ok: false, permanent: false, error, ...(retryAfterS ? { retryAfterS } : {}) };
}

/** Why a call got no answer: the system's code (ECONNREFUSED, ENOTFOUND, …) when there is one, else the message. */
export function failureReason(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } }).cause?.code;
  return (typeof cause === "string" ? cause : err instanceof Error ? err.message : String(err)).slice(0, 200);
}

/** No answer from FCM (DNS, connection refused or reset, timeout): tried again later. */
export function networkOutcome(err: unknown): PushResult {
  return { ok: false, permanent: false, error: `network ${failureReason(err)}` };
}

/**
 * The failures the local sandbox plays, chosen by the device token (outside production only: the sandbox never runs
 * there): `fcm-sandbox-<mode>-…` fails every send, `fcm-sandbox-<mode>x<n>-…` the first n sends, then delivers.
 */
export const SANDBOX_MODES = ["unregistered", "invalid", "quota", "unavailable", "network"] as const;
type SandboxMode = (typeof SANDBOX_MODES)[number];
/** The `Retry-After` the sandbox's quota answer carries, in seconds (FCM asks at least 60). */
export const SANDBOX_QUOTA_RETRY_AFTER_S = 300;

const SANDBOX_TOKEN = new RegExp(`^fcm-sandbox-(${SANDBOX_MODES.join("|")})(?:x(\\d+))?(?:-|$)`);

/** The failure a sandbox token asks for, and for how many sends (Infinity: all). */
export function sandboxFailure(token: string): { mode: SandboxMode; times: number } | undefined {
  const m = SANDBOX_TOKEN.exec(token);
  if (!m) return undefined;
  return { mode: m[1] as SandboxMode, times: m[2] ? Number(m[2]) : Infinity };
}

const errorAnswer = (code: number, status: string, errorCode: string, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { code, message, status, details: [{ "@type": FCM_ERROR, errorCode }] } }), {
    status: code,
    headers: { "content-type": "application/json; charset=UTF-8", ...headers },
  });

/** FCM's answer for a sandbox failure, as FCM words it; a network failure throws as `fetch` does. */
export function sandboxAnswer(mode: SandboxMode): Response {
  switch (mode) {
    case "unregistered":
      return errorAnswer(404, "NOT_FOUND", "UNREGISTERED", "Requested entity was not found.");
    case "invalid":
      return errorAnswer(400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", "The registration token is not a valid FCM registration token");
    case "quota":
      return errorAnswer(429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED", "Quota exceeded for quota metric 'Send requests'.", {
        "retry-after": String(SANDBOX_QUOTA_RETRY_AFTER_S),
      });
    case "unavailable":
      return errorAnswer(503, "UNAVAILABLE", "UNAVAILABLE", "The service is currently unavailable.");
    case "network":
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED fcm.googleapis.com:443"), { code: "ECONNREFUSED" }) });
  }
}
