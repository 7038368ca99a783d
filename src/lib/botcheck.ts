import { api } from "./api";

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** Runs the search in a worker (falls back to this thread where workers are unavailable). */
async function solveInWorker(c: Challenge): Promise<number | null> {
  const job = { challenge: c.challenge, salt: c.salt, algorithm: c.algorithm, max: c.maxnumber ?? 1e6 };
  if (typeof Worker === "undefined") {
    const { solveChallenge } = await import("altcha-lib");
    return (await solveChallenge(job.challenge, job.salt, job.algorithm, job.max).promise)?.number ?? null;
  }
  const worker = new Worker(new URL("./botcheck.worker.ts", import.meta.url), { type: "module" });
  try {
    return await new Promise<number | null>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<number | null>) => resolve(e.data);
      worker.onerror = () => reject(new Error("bot check worker failed"));
      worker.postMessage(job);
    });
  } finally {
    worker.terminate();
  }
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
    const number = await solveInWorker(payload);
    if (number === null) return "";
    return btoa(
      JSON.stringify({
        algorithm: payload.algorithm,
        challenge: payload.challenge,
        number,
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
