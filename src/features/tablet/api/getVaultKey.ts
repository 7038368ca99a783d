import { api } from "@/lib/api";
import { tabletHeaders } from "@/lib/tablet";

/**
 * `POST /tablet/vault-key` as the class tablet with the signed-in pupil's token: their vault key again, after a reload
 * emptied the memory that held it (the key is never stored on the device).
 */
export async function fetchVaultKey(): Promise<string> {
  return (await api<{ vault_key: string }>("/tablet/vault-key", { method: "POST", headers: tabletHeaders() })).payload.vault_key;
}
