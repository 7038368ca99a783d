/**
 * This browser's device id: a random id made once and kept in localStorage (`darsi_device`), sent with every API call
 * as `X-Device-Id`. The server remembers the device a session was opened from, and a referral code used from its
 * owner's device is flagged for review (issue 20). A User-Agent cannot tell devices apart: pupils' phones of one model
 * and browser version send the same one. Nothing else is in it; storage refused: no id.
 */
const KEY = "darsi_device";
let cached: string | null | undefined;

export function deviceId(): string | null {
  if (cached !== undefined) return cached;
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9-]{16,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    cached = id;
  } catch {
    cached = null;
  }
  return cached;
}
