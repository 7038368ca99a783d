/**
 * Web push through Firebase Cloud Messaging (DESIGN §1 adapters). Two implementations behind one interface:
 *
 * - `fcm`: the FCM HTTP v1 API. A Google service account (FCM_SERVICE_ACCOUNT_JSON, or FCM_SERVICE_ACCOUNT_FILE) signs
 *   a JWT (RS256) that is exchanged at its `token_uri` for an OAuth2 access token (scope firebase.messaging, kept
 *   until a minute before it expires), then `POST https://fcm.googleapis.com/v1/projects/{project}/messages:send`.
 * - `outbox` (no credentials, development and tests): writes the exact request it would send (URL and JSON body) to
 *   the dev outbox (`channel: "push"`, `to`: the device token) and to the log. It also fails as FCM does, for the
 *   tokens that ask it to (`fcm-sandbox-unregistered-…`, `-quota-`, `-unavailable-`, `-network-`, `-invalid-`; with
 *   `x<n>` the first n sends only: ./fcm-answers.ts); both read FCM's answers the same way (`fcmOutcome`).
 */
import { createSign } from "node:crypto";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import type { Env } from "../../env";
import type { Logger } from "../../lib/logger";
import { failureReason, fcmOutcome, networkOutcome, sandboxAnswer, sandboxFailure, type PushResult } from "./fcm-answers";
import type { ServiceAccount } from "./service-account";

export type { PushResult } from "./fcm-answers";

/** What a push carries (strings only in `data`, as FCM requires). */
export interface PushContent {
  title: string;
  body: string;
  /** Absolute URL of the app route to open (`webpush.fcm_options.link`, HTTPS in production). */
  link: string;
  data: Record<string, string>;
  icon: string;
  badge: string;
}

export interface PushSender {
  readonly kind: "fcm" | "outbox";
  send(token: string, content: PushContent): Promise<PushResult>;
}

/** The FCM v1 request body for one device (also what the outbox records). */
function fcmMessage(token: string, c: PushContent) {
  return {
    message: {
      token,
      notification: { title: c.title, body: c.body },
      data: { ...c.data, link: c.link },
      webpush: {
        headers: { Urgency: "high", TTL: String(7 * 24 * 3600) },
        notification: { icon: c.icon, badge: c.badge, tag: c.data.notificationId ? `n-${c.data.notificationId}` : undefined },
        fcm_options: { link: c.link },
      },
    },
  };
}

const b64url = (s: string | Buffer) => Buffer.from(s).toString("base64url");

/** A signed JWT assertion for Google's OAuth2 token endpoint (RFC 7523). */
function serviceAccountAssertion(sa: ServiceAccount, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = b64url(
    JSON.stringify({
      iss: sa.client_email,
      scope: "https://www.googleapis.com/auth/firebase.messaging",
      aud: sa.token_uri ?? "https://oauth2.googleapis.com/token",
      iat,
      exp: iat + 3600,
    }),
  );
  const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(sa.private_key);
  return `${header}.${claims}.${b64url(signature)}`;
}

export function createFcmPush(sa: ServiceAccount, projectId: string, log: Logger, fetchImpl: typeof fetch = fetch): PushSender {
  let cached: { token: string; until: number } | undefined;
  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const res = await fetchImpl(sa.token_uri ?? "https://oauth2.googleapis.com/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: serviceAccountAssertion(sa, Date.now()) }),
    });
    if (!res.ok) throw new Error(`token endpoint ${res.status}`);
    const json = (await res.json()) as { access_token: string; expires_in?: number };
    cached = { token: json.access_token, until: Date.now() + ((json.expires_in ?? 3600) - 60) * 1000 };
    return json.access_token;
  }
  const url = `https://fcm.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/messages:send`;
  return {
    kind: "fcm",
    async send(token, content) {
      let bearer: string;
      try {
        bearer = await accessToken();
      } catch (err) {
        // Google's token endpoint refused or could not be reached: tried again later.
        log.warn("push failed", { error: String(err) });
        return { ok: false, permanent: false, error: `oauth2 ${failureReason(err)}` };
      }
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
          body: JSON.stringify(fcmMessage(token, content)),
        });
      } catch (err) {
        log.warn("push failed", { error: String(err) });
        return networkOutcome(err);
      }
      // An access token FCM no longer takes is asked for again at the next send.
      if (res.status === 401) cached = undefined;
      return fcmOutcome(res, Date.now());
    },
  };
}

/**
 * The local adapter: the request FCM would get, written to the dev outbox; for a sandbox token (`fcm-sandbox-…`), the
 * failure it names instead, answered as FCM answers it (counted per token for `x<n>`, in this process).
 */
function createOutboxPush(db: Db, log: Logger, projectId = "darsi-dev"): PushSender {
  const url = `https://fcm.googleapis.com/v1/projects/${projectId}/messages:send`;
  const failed = new Map<string, number>();
  return {
    kind: "outbox",
    async send(token, content) {
      const failure = sandboxFailure(token);
      if (failure && (failed.get(token) ?? 0) < failure.times) {
        failed.set(token, (failed.get(token) ?? 0) + 1);
        try {
          return await fcmOutcome(sandboxAnswer(failure.mode), Date.now());
        } catch (err) {
          return networkOutcome(err);
        }
      }
      const request = { method: "POST", url, body: fcmMessage(token, content) };
      // A record, not a message to deliver: the message dispatcher sends e-mails and SMS only.
      await db.insert(outboxMessages).values({ to: token, channel: "push", kind: content.data.type ?? "push", body: JSON.stringify(request), status: "sent" });
      log.info("push sent", { to: token.slice(0, 12), title: content.title });
      return { ok: true };
    },
  };
}

export function createPush(env: Env, db: Db, log: Logger): PushSender {
  const sa = env.fcm;
  if (!sa) return createOutboxPush(db, log);
  return createFcmPush(sa, env.FCM_PROJECT_ID ?? sa.project_id, log);
}
