// The local sign-in provider (issue 21): an OpenID provider (oauth2-mock-server 8.2, real signed ID tokens, PKCE and
// nonce, a JWKS) that plays Google under /google/* and Facebook under /facebook/*, with a page to pick a test identity
// before it redirects back. Started by `npm start`, `npm run dev` and the e2e server outside production; the server
// reaches it through SOCIAL_SANDBOX (server/adapters/social). Codes are one-use (PKCE challenge dropped when used).
import { createServer } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/** The test identities: a verified e-mail, an unverified one, none (Google); Facebook asserts no verification. */
const SANDBOX_IDENTITIES = [
  { key: "google-verified", provider: "google", sub: "sandbox-google-1001", email: "amira.google@example.tn", email_verified: true, given_name: "Amira", family_name: "Ben Salah" },
  { key: "google-unverified", provider: "google", sub: "sandbox-google-1002", email: "youssef.google@example.tn", email_verified: false, given_name: "Youssef", family_name: "Trabelsi" },
  { key: "google-no-email", provider: "google", sub: "sandbox-google-1003", given_name: "Nour", family_name: "Jlassi" },
  { key: "facebook-email", provider: "facebook", sub: "sandbox-facebook-2001", email: "sami.facebook@example.tn", given_name: "Sami", family_name: "Gharbi" },
  { key: "facebook-no-email", provider: "facebook", sub: "sandbox-facebook-2002", given_name: "Ines", family_name: "Mejri" },
];

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pickerPage(provider, url) {
  const link = (params) => {
    const next = new URL(url);
    for (const [k, v] of Object.entries(params)) next.searchParams.set(k, v);
    return escape(next.pathname + next.search);
  };
  const denied = new URL(url.searchParams.get("redirect_uri") ?? "about:blank");
  denied.searchParams.set("error", "access_denied");
  if (url.searchParams.get("state")) denied.searchParams.set("state", url.searchParams.get("state"));
  const items = SANDBOX_IDENTITIES.filter((i) => i.provider === provider)
    .map((i) => {
      const mail = i.email ? `${escape(i.email)}${provider === "google" ? (i.email_verified ? " (vérifié)" : " (non vérifié)") : ""}` : "sans e-mail";
      return `<li><a href="${link({ login_hint: i.key })}" data-identity="${i.key}">${escape(i.given_name)} ${escape(i.family_name)} — ${mail}</a></li>`;
    })
    .join("");
  const title = provider === "google" ? "Google" : "Facebook";
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} (bac à sable)</title><style>body{font:16px system-ui;margin:2rem auto;max-width:28rem;padding:0 1rem}li{margin:.75rem 0}a{display:block;padding:.75rem;border:1px solid #888;border-radius:8px;color:#123;text-decoration:none}</style></head>
<body><main><h1>${title} — fournisseur local</h1><p>Choisissez une identité de test (jamais en production).</p><ul>${items}</ul>
<p><a href="${escape(denied.href)}" data-identity="denied">Refuser (access_denied)</a></p></main></body></html>`;
}

/**
 * Starts the provider on `port` (0: any free port) and returns its origin and a stop function.
 * @param {{ port?: number, host?: string }} [options]
 */
export async function startSocialSandbox({ port = 0, host = "127.0.0.1" } = {}) {
  const mock = new OAuth2Server();
  await mock.issuer.keys.generate("RS256");
  const byCode = new Map();
  const bySub = new Map(SANDBOX_IDENTITIES.map((i) => [i.sub, i]));
  const claims = (i) => ({
    sub: i.sub,
    name: `${i.given_name} ${i.family_name}`,
    given_name: i.given_name,
    family_name: i.family_name,
    ...(i.email ? { email: i.email, ...(i.provider === "google" ? { email_verified: i.email_verified } : {}) } : {}),
  });
  mock.service.on("beforeAuthorizeRedirect", (redirect, req) => {
    const identity = SANDBOX_IDENTITIES.find((i) => i.key === req.query.login_hint);
    const code = redirect.url.searchParams.get("code");
    if (identity && code) byCode.set(code, identity);
  });
  mock.service.on("beforeTokenSigning", (token, req) => {
    const identity = byCode.get(req.body?.code);
    if (identity) Object.assign(token.payload, claims(identity));
  });
  mock.service.on("beforeResponse", (_response, req) => byCode.delete(req.body?.code));
  mock.service.on("beforeUserinfo", (response, req) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    let sub;
    try {
      sub = bearer ? JSON.parse(Buffer.from(bearer.split(".")[1], "base64url").toString()).sub : undefined;
    } catch {
      sub = undefined;
    }
    const identity = bySub.get(sub);
    if (!identity) {
      response.statusCode = 401;
      response.body = { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } };
      return;
    }
    // Facebook's Graph `/me` shape.
    response.body = { id: identity.sub, name: `${identity.given_name} ${identity.family_name}`, first_name: identity.given_name, last_name: identity.family_name, ...(identity.email ? { email: identity.email } : {}) };
  });

  const handler = mock.service.requestHandler;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const match = /^\/(google|facebook)(\/.*)$/.exec(url.pathname);
    if (match) {
      const [, provider, rest] = match;
      if (rest === "/authorize" && !url.searchParams.get("login_hint")) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        res.end(pickerPage(provider, url));
        return;
      }
      req.url = (rest === "/me" ? "/userinfo" : rest) + url.search;
    }
    handler(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const origin = `http://${host === "0.0.0.0" ? "localhost" : host}:${typeof address === "object" && address ? address.port : port}`;
  mock.issuer.url = origin;
  return {
    url: origin,
    /** oauth2-mock-server's service, for tests that make the provider misbehave (its events). */
    service: mock.service,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * For the scripts that start the server (`npm start`, `npm run dev`, the e2e server): outside production, unless
 * SOCIAL_SANDBOX is set (a URL: use it; `off`: none) or real providers are configured, starts the local provider on
 * SOCIAL_SANDBOX_PORT (any free port by default) and sets SOCIAL_SANDBOX in `env` for the server. Never in production.
 * @param {Record<string, string | undefined>} env the server's environment (changed in place)
 * @param {(line: string) => void} say
 */
export async function startSandboxFor(env, say) {
  if (env.NODE_ENV === "production") return null;
  if (env.SOCIAL_SANDBOX === "off") {
    delete env.SOCIAL_SANDBOX;
    return null;
  }
  if (env.SOCIAL_SANDBOX || env.GOOGLE_CLIENT_ID || env.FACEBOOK_CLIENT_ID) return null;
  const sandbox = await startSocialSandbox({ port: Number(env.SOCIAL_SANDBOX_PORT || 0) });
  env.SOCIAL_SANDBOX = sandbox.url;
  say(`demo: Google and Facebook sign-in go to the local provider at ${sandbox.url} (pick a test identity; SOCIAL_SANDBOX=off to turn it off)`);
  return sandbox;
}
