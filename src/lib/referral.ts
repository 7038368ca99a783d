/**
 * A friend's gift code from a shared link (`?referral=CP-…`, SPEC §2 guards): the root route saves it on the device,
 * registration sends it as `referralCode`, and the offers' discount field starts with it for a pupil's first purchase
 * (the code's 5 % applies to the first instalment only).
 */
const REFERRAL_KEY = "referral_code";

export function rememberReferral(code: string | undefined): void {
  if (code) localStorage.setItem(REFERRAL_KEY, code.slice(0, 32));
}

export const savedReferral = () => localStorage.getItem(REFERRAL_KEY) ?? "";
