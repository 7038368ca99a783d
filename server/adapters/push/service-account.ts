/**
 * The Google service account web push signs its requests with (FCM_SERVICE_ACCOUNT_JSON inline, or
 * FCM_SERVICE_ACCOUNT_FILE), read and checked once at boot with the rest of the environment (server/env.ts): a missing
 * file, bad JSON, a missing field or a private key that does not parse stops the server, not the first push.
 */
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

/** The service account of these settings; undefined when push is not configured; throws a readable problem otherwise. */
export function readServiceAccount(source: { FCM_SERVICE_ACCOUNT_JSON?: string; FCM_SERVICE_ACCOUNT_FILE?: string }): ServiceAccount | undefined {
  const name = source.FCM_SERVICE_ACCOUNT_JSON ? "FCM_SERVICE_ACCOUNT_JSON" : "FCM_SERVICE_ACCOUNT_FILE";
  let raw = source.FCM_SERVICE_ACCOUNT_JSON;
  if (!raw && source.FCM_SERVICE_ACCOUNT_FILE) {
    try {
      raw = readFileSync(source.FCM_SERVICE_ACCOUNT_FILE, "utf8");
    } catch (err) {
      throw new Error(`${name}: cannot read ${source.FCM_SERVICE_ACCOUNT_FILE} (${(err as NodeJS.ErrnoException).code ?? "error"})`);
    }
  }
  if (!raw) return undefined;
  let json: Partial<Record<keyof ServiceAccount | "type", unknown>>;
  try {
    json = JSON.parse(raw) as typeof json;
  } catch {
    throw new Error(`${name}: not JSON (a Google service account key file)`);
  }
  const { project_id, client_email, private_key, token_uri } = json ?? {};
  if (typeof project_id !== "string" || typeof client_email !== "string" || typeof private_key !== "string" || !project_id || !client_email) {
    throw new Error(`${name}: a service account needs project_id, client_email and private_key`);
  }
  if (token_uri !== undefined && (typeof token_uri !== "string" || !token_uri.startsWith("https://"))) {
    throw new Error(`${name}: token_uri must be an https URL`);
  }
  try {
    createPrivateKey(private_key);
  } catch {
    throw new Error(`${name}: private_key is not a PEM private key`);
  }
  return { project_id, client_email, private_key, ...(token_uri ? { token_uri } : {}) };
}
