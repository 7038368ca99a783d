// Finds the ALTCHA proof-of-work number off the main thread, so that typing stays smooth on a slow phone.
import { solveChallenge } from "altcha-lib";

interface Job {
  challenge: string;
  salt: string;
  algorithm: string;
  max: number;
}

const scope = self as unknown as { onmessage: ((e: MessageEvent<Job>) => void) | null; postMessage: (message: number | null) => void };

scope.onmessage = async (event) => {
  const { challenge, salt, algorithm, max } = event.data;
  const solution = await solveChallenge(challenge, salt, algorithm, max).promise;
  scope.postMessage(solution ? solution.number : null);
};
