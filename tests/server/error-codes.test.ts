/**
 * The three lists of error codes stay in sync: domain/errors.ts (what the server may send), the server's English
 * descriptions, and the client's French messages (src/lib/i18n/errors.ts, read as text: it needs the Lingui macro).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../domain/errors";
import { ERROR_DESCRIPTIONS } from "../../server/lib/error-descriptions";

const CLIENT_ONLY = ["generic", "network_error"];

function clientKeys(): string[] {
  const text = readFileSync(new URL("../../src/lib/i18n/errors.ts", import.meta.url), "utf8");
  const body = text.slice(text.indexOf("ERROR_MESSAGES"));
  return [...body.matchAll(/^\s{2}([a-z0-9_]+): msg`/gm)].map((m) => m[1]!);
}

describe("error codes", () => {
  it("are unique snake_case", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it("each has exactly one server description", () => {
    expect(Object.keys(ERROR_DESCRIPTIONS).sort()).toEqual([...ERROR_CODES].sort());
    for (const text of Object.values(ERROR_DESCRIPTIONS)) expect(text.trim()).not.toBe("");
  });

  it("each has exactly one French message on the client", () => {
    const keys = clientKeys().filter((k) => !CLIENT_ONLY.includes(k));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual([...ERROR_CODES].sort());
  });
});
