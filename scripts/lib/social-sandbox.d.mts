import type { OAuth2Service } from "oauth2-mock-server";

export interface SandboxIdentity {
  key: string;
  provider: "google" | "facebook";
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name: string;
  family_name: string;
}
export function startSocialSandbox(options?: { port?: number; host?: string }): Promise<{ url: string; service: OAuth2Service; stop: () => Promise<void> }>;
