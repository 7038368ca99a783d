import { api } from "./api";

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/**
 * The invisible bot check (self-hosted ALTCHA proof of work). `prepare()` starts solving in the
 * background as soon as a form shows; `token()` returns the `g-recaptcha-response` value, once.
 */
export function createBotCheck() {
  let pending: Promise<string> | null = null;
  const solve = async (): Promise<string> => {
    const { payload } = await api<Challenge | null>("/auth/challenge", { anonymous: true });
    if (!payload) return "";
    const { solveChallenge } = await import("altcha-lib");
    const solution = await solveChallenge(payload.challenge, payload.salt, payload.algorithm, payload.maxnumber ?? 1e6).promise;
    if (!solution) return "";
    return btoa(
      JSON.stringify({
        algorithm: payload.algorithm,
        challenge: payload.challenge,
        number: solution.number,
        salt: payload.salt,
        signature: payload.signature,
      }),
    );
  };
  return {
    prepare() {
      if (!pending) pending = solve().catch(() => "");
    },
    async token(): Promise<string> {
      const p = pending ?? solve().catch(() => "");
      pending = null;
      return p;
    },
  };
}
