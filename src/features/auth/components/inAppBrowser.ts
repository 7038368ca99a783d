/**
 * The Facebook and Instagram in-app browsers (Google refuses to sign in there: "disallowed_useragent"). Their
 * user agents carry FBAN/FBAV (Facebook, Messenger), FB_IAB or Instagram.
 */
export function isInAppBrowser(userAgent: string): boolean {
  return /\b(FBAN|FBAV|FB_IAB|FBIOS|Instagram)\b/i.test(userAgent);
}
