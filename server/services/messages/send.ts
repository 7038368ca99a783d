import { DEFAULT_LOCALE } from "../../../domain/constants";
import type { Deps } from "../../lib/deps";
import { publicUrl } from "../../lib/public-url";
import { requestLanguage } from "../../lib/request-language";
import { renderMessage, type MessageKind, type MessageLanguage, type MessageParams } from "./texts";

/**
 * Sends a message of `kind` to `dest` in the pupil's language: `language` when the caller knows it, else the language
 * of the request that triggers it (the app's interface language, server/lib/request-language.ts), else French. The
 * message is queued and delivered by the dispatcher: this returns as soon as it is written.
 */
export async function sendMessage<K extends MessageKind>(
  deps: Pick<Deps, "messaging" | "env">,
  dest: { to: string; channel: "sms" | "email" },
  kind: K,
  params: MessageParams[K],
  language?: MessageLanguage,
): Promise<void> {
  const lang = language ?? requestLanguage() ?? DEFAULT_LOCALE;
  const rendered = renderMessage(kind, params, lang, dest.channel, publicUrl(deps.env, "/"));
  await deps.messaging.send({
    ...dest,
    kind,
    code: params.code,
    language: lang,
    body: rendered.body,
    ...(dest.channel === "email" ? { subject: rendered.subject, html: rendered.html } : {}),
  });
}
