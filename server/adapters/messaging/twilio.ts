/**
 * SMS through Twilio's Programmable Messaging REST API (it delivers to Tunisian mobiles, +216), as documented at
 * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource and
 * https://www.twilio.com/docs/api/errors:
 *
 *   POST {TWILIO_API_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json
 *   Authorization: Basic base64(AccountSid:AuthToken), form-encoded `To` (E.164), `From` or `MessagingServiceSid`, `Body`
 *   → 201 { "sid": "SM…", "status": "queued" | "accepted", … }
 *   → 4xx/5xx { "code": 21211, "message": "…", "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400 }
 *
 * How its answers are handled: 400 (21211 invalid `To`, 21614 not a mobile, 21610 the recipient opted out, …) is
 * about this message and fails it for good; 429 (20429 too many requests; `Retry-After` honoured), 5xx, 401/403/404
 * (a credential or account problem an operator can fix) and network errors are retried with backoff. A phone that is
 * not a Tunisian mobile is failed before any request.
 */
import { tunisianE164 } from "../../../domain/schemas/common";
import type { Transport } from "./types";

export interface TwilioConfig {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
}

export function createTwilioTransport(config: TwilioConfig, fetchImpl: typeof fetch = fetch): Transport {
  const url = `${config.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async deliver(m) {
      const to = tunisianE164(m.to);
      if (!to) return { ok: false, permanent: true, error: "not a Tunisian mobile number" };
      const form = new URLSearchParams({ To: to, Body: m.body });
      // A messaging service picks the sender itself (an alphanumeric id where the country allows it).
      if (config.messagingServiceSid) form.set("MessagingServiceSid", config.messagingServiceSid);
      else form.set("From", config.from ?? "");
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        return { ok: false, permanent: false, error: `twilio network: ${String(err)}`.slice(0, 300) };
      }
      const text = await res.text().catch(() => "");
      let json: { sid?: unknown; code?: unknown; message?: unknown } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        // A proxy's HTML page or an empty answer: the status says enough.
      }
      if (res.ok && typeof json.sid === "string") return { ok: true, providerId: json.sid };
      const error = `twilio ${res.status}${json.code !== undefined ? ` ${String(json.code)}` : ""}: ${String(json.message ?? text).slice(0, 200)}`;
      if (res.ok) return { ok: false, permanent: false, error: `twilio ${res.status}: no message sid in the answer` };
      if (res.status === 400) return { ok: false, permanent: true, error };
      const retryAfter = Number(res.headers.get("retry-after"));
      return { ok: false, permanent: false, error, ...(res.status === 429 && retryAfter > 0 ? { retryAfterS: retryAfter } : {}) };
    },
  };
}
