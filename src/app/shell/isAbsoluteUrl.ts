/** Where logout leads: an absolute URL (the external registration page under impersonation) or /login. */
export const isAbsoluteUrl = (target: string) => /^https?:\/\//i.test(target);
