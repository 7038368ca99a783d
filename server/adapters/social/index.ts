/**
 * Social sign-in's providers (issue 21): Google with OpenID Connect and Facebook with OAuth 2, through arctic's
 * `OAuth2Client` (authorization code with PKCE), the ID token verified with jose (signature by the provider's JWKS,
 * issuer, audience, expiry, nonce). Outside production, SOCIAL_SANDBOX points both at the local provider
 * (scripts/lib/social-sandbox.mjs), which signs real tokens with its own keys; production refuses it (server/env.ts).
 * No token leaves this file: callers get the identity only.
 */
import { createHmac } from "node:crypto";
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from "arctic";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { SocialProvider } from "../../../domain/social";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";

/** Who the provider says signed in: the subject id is the key; the e-mail counts for linking only when verified. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface SocialAdapter {
  provider: SocialProvider;
  authorizationUrl(input: { state: string; codeVerifier: string; nonce: string; redirectUri: string }): URL;
  /** Exchanges the code (with the PKCE verifier) and returns the verified identity; 401 `social_failed` otherwise. */
  identify(input: { code: string; codeVerifier: string; nonce: string; redirectUri: string }): Promise<SocialIdentity>;
}

interface Endpoints {
  authorize: string;
  token: string;
  jwks?: string;
  issuers?: string[];
  me?: string;
}

const GOOGLE: Endpoints = {
  authorize: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  jwks: "https://www.googleapis.com/oauth2/v3/certs",
  issuers: ["https://accounts.google.com", "accounts.google.com"],
};
const FACEBOOK: Endpoints = {
  authorize: "https://www.facebook.com/v19.0/dialog/oauth",
  token: "https://graph.facebook.com/v19.0/oauth/access_token",
  me: "https://graph.facebook.com/v19.0/me",
};

function sandboxEndpoints(origin: string, provider: SocialProvider): Endpoints {
  const base = `${origin.replace(/\/$/, "")}/${provider}`;
  return provider === "google"
    ? { authorize: `${base}/authorize`, token: `${base}/token`, jwks: `${base}/jwks`, issuers: [origin.replace(/\/$/, "")] }
    : { authorize: `${base}/authorize`, token: `${base}/token`, me: `${base}/me` };
}

const failed = () => new AppError(401, "social_failed");

/** The code exchange; a refused code (replayed, another session's, expired) is the pupil's failure, not a 5xx. */
async function exchange(client: OAuth2Client, tokenUrl: string, code: string, codeVerifier: string) {
  try {
    return await client.validateAuthorizationCode(tokenUrl, code, codeVerifier);
  } catch (error) {
    if (error instanceof OAuth2RequestError) throw failed();
    throw new AppError(503, "social_unavailable");
  }
}

const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 100) : "");

function googleAdapter(clientId: string, secret: string, endpoints: Endpoints): SocialAdapter {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(endpoints.jwks!));
  return {
    provider: "google",
    authorizationUrl({ state, codeVerifier, nonce, redirectUri }) {
      const url = new OAuth2Client(clientId, secret, redirectUri).createAuthorizationURLWithPKCE(
        endpoints.authorize,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ["openid", "email", "profile"],
      );
      url.searchParams.set("nonce", nonce);
      url.searchParams.set("prompt", "select_account");
      return url;
    },
    async identify({ code, codeVerifier, nonce, redirectUri }) {
      const tokens = await exchange(new OAuth2Client(clientId, secret, redirectUri), endpoints.token, code, codeVerifier);
      let idToken: string;
      try {
        idToken = tokens.idToken();
      } catch {
        throw failed();
      }
      const claims = await verifyGoogleIdToken(idToken, { keys, issuers: endpoints.issuers!, audience: clientId, nonce });
      return {
        subject: claims.sub,
        email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name) || text(claims.name),
        familyName: text(claims.family_name),
      };
    },
  };
}

/** Signature (the provider's keys, RS256 only), issuer, audience, expiry and nonce; anything else is `social_failed`. */
export async function verifyGoogleIdToken(
  idToken: string,
  expected: { keys: JWTVerifyGetKey; issuers: string[]; audience: string; nonce: string },
) {
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, expected.keys, {
      issuer: expected.issuers,
      audience: expected.audience,
      algorithms: ["RS256"],
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch {
    throw failed();
  }
  if (payload.nonce !== expected.nonce || typeof payload.sub !== "string" || !payload.sub) throw failed();
  return payload as typeof payload & { sub: string; email?: unknown; email_verified?: unknown; given_name?: unknown; family_name?: unknown; name?: unknown };
}

function facebookAdapter(clientId: string, secret: string, endpoints: Endpoints): SocialAdapter {
  return {
    provider: "facebook",
    authorizationUrl({ state, codeVerifier, redirectUri }) {
      return new OAuth2Client(clientId, secret, redirectUri).createAuthorizationURLWithPKCE(
        endpoints.authorize,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ["email", "public_profile"],
      );
    },
    async identify({ code, codeVerifier, redirectUri }) {
      const tokens = await exchange(new OAuth2Client(clientId, secret, redirectUri), endpoints.token, code, codeVerifier);
      const accessToken = tokens.accessToken();
      const url = new URL(endpoints.me!);
      url.searchParams.set("fields", "id,first_name,last_name,name,email");
      // Graph API calls made with the app secret's proof only (the app's setting "Require App Secret").
      url.searchParams.set("appsecret_proof", createHmac("sha256", secret).update(accessToken).digest("hex"));
      let body: Record<string, unknown>;
      try {
        const answer = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
        if (answer.status === 400 || answer.status === 401) throw failed();
        if (!answer.ok) throw new AppError(503, "social_unavailable");
        body = (await answer.json()) as Record<string, unknown>;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(503, "social_unavailable");
      }
      if (typeof body.id !== "string" || !body.id) throw failed();
      return {
        subject: body.id,
        email: typeof body.email === "string" ? body.email.toLowerCase() : null,
        // Facebook's API asserts no e-mail verification: its e-mail never links an existing account by itself.
        emailVerified: false,
        givenName: text(body.first_name) || text(body.name),
        familyName: text(body.last_name),
      };
    },
  };
}

/** The configured providers (a provider without its id and secret is not offered); the sandbox plays both. */
export function socialAdapters(env: Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "FACEBOOK_CLIENT_ID" | "FACEBOOK_CLIENT_SECRET" | "SOCIAL_SANDBOX">) {
  const adapters: Partial<Record<SocialProvider, SocialAdapter>> = {};
  const sandbox = env.SOCIAL_SANDBOX;
  if (sandbox) {
    adapters.google = googleAdapter(env.GOOGLE_CLIENT_ID ?? "darsi-sandbox-google", env.GOOGLE_CLIENT_SECRET ?? "sandbox-secret", sandboxEndpoints(sandbox, "google"));
    adapters.facebook = facebookAdapter(env.FACEBOOK_CLIENT_ID ?? "darsi-sandbox-facebook", env.FACEBOOK_CLIENT_SECRET ?? "sandbox-secret", sandboxEndpoints(sandbox, "facebook"));
    return adapters;
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) adapters.google = googleAdapter(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, GOOGLE);
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) adapters.facebook = facebookAdapter(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, FACEBOOK);
  return adapters;
}
