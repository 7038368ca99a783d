import { describe, expect, it } from "vitest";
import { ApiRequestError, errorOfAnswer, isLostAnswer, isRefusedForNow, isSessionEnded, networkError, readJson } from "./envelope";

const error = (status: number, code: ApiRequestError["code"] = "server_error") => new ApiRequestError(status, code, "x");

describe("the error envelope", () => {
  it("reads the code, message, field errors and Retry-After of an error answer", async () => {
    const res = Response.json(
      { code: "validation_failed", message: "Invalid", errors: { amount: ["amount_min"] } },
      { status: 422, headers: { "Retry-After": "7" } },
    );
    const err = errorOfAnswer(res, await readJson(res));
    expect(err).toMatchObject({ status: 422, code: "validation_failed", message: "Invalid", errors: { amount: ["amount_min"] }, retryAfter: 7 });
  });

  it("falls back to server_error for an answer without an envelope or with an unknown code, and ignores a date Retry-After", async () => {
    const html = new Response("<h1>Bad gateway</h1>", { status: 502, headers: { "Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT" } });
    const json = await readJson(html);
    expect(json).toBeNull();
    expect(errorOfAnswer(html, json)).toMatchObject({ status: 502, code: "server_error", message: "Server error 502", errors: {}, retryAfter: null });
    const unknown = Response.json({ code: "no_such_code", message: 3 }, { status: 400 });
    expect(errorOfAnswer(unknown, await readJson(unknown))).toMatchObject({ code: "server_error", message: "Server error 400" });
  });

  it("a network failure has status 0", () => {
    expect(networkError()).toMatchObject({ status: 0, code: "network_error", isNetwork: true });
  });
});

describe("isLostAnswer: the one rule for a retry with the same Idempotency-Key", () => {
  it("is true when the request may have been applied: no answer, a server error (503 too), the same key still running", () => {
    expect(isLostAnswer(networkError())).toBe(true);
    expect(isLostAnswer(error(500))).toBe(true);
    expect(isLostAnswer(error(502))).toBe(true);
    expect(isLostAnswer(error(503, "database_unavailable"))).toBe(true);
    expect(isLostAnswer(error(409, "conflict"))).toBe(true);
  });

  it("is false for a definitive answer: the key is spent", () => {
    expect(isLostAnswer(error(409, "idempotency_conflict"))).toBe(false);
    expect(isLostAnswer(error(422, "validation_failed"))).toBe(false);
    expect(isLostAnswer(error(402, "insufficient_balance"))).toBe(false);
    expect(isLostAnswer(error(401, "unauthorized"))).toBe(false);
    expect(isLostAnswer(error(429, "rate_limited"))).toBe(false);
    expect(isLostAnswer(new Error("boom"))).toBe(false);
    expect(isLostAnswer(undefined)).toBe(false);
  });

  it("tells a refusal for now (429, 408) and an ended session (401) apart", () => {
    expect(isRefusedForNow(error(429, "rate_limited"))).toBe(true);
    expect(isRefusedForNow(error(408))).toBe(true);
    expect(isRefusedForNow(error(500))).toBe(false);
    expect(isSessionEnded(error(401, "unauthorized"))).toBe(true);
    expect(isSessionEnded(error(403, "forbidden"))).toBe(false);
  });
});
