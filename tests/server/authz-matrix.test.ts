/**
 * The authorization matrix (DESIGN §3, issue 8), generated from `/api/openapi.json`: every operation is called as
 * every role of `server/lib/access.ts` with real, valid input, and the answer must be the outcome the route declares
 * in `access` (published as `x-access`):
 * - "ok" is any 2xx; a number is that exact status with the error envelope. An undeclared success fails, and so does
 *   a declared success that does not happen (a fixture that went stale would otherwise hide a refusal).
 * - `unverified`: 403 `not_verified` unless the operation's `x-pass-gates` include "unverified" (then its
 *   declared cell); operations without `x-pass-gates` (no bearer authentication) give the declared cell.
 * - No answer to anyone carries pupil B's private data: B's name, last name, e-mail, phone, the text of B's video
 *   report, or B's id under a user key.
 *
 * Inputs come from `FIXTURES` (`operations.ts`), one entry per operationId: every role but `otherPupil` uses `mine`
 * (pupil A's resources), `otherPupil` uses `other` (pupil B's ids) when the operation takes ids. An operation
 * without a fixture fails the suite: a new route is covered as soon as it declares `access` and gets its fixture.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ROLES, type Outcome, type Role } from "../../server/lib/access";
import { actorFor, B, B_MARKERS, FIXTURES, h, leaksOfB, MINE, operations, SHOWS_OTHERS_BY_DESIGN, THEIRS, type Operation } from "./operations";

afterAll(async () => {
  await h?.close();
});

/** What the role must get: the declared cell, or the account gate's refusal first (see the file's comment). */
function expected(op: Operation, role: Role): { outcome: Outcome; code?: string } {
  if (role === "unverified" && op.passGates && !op.passGates.includes("unverified")) return { outcome: 403, code: "not_verified" };
  return { outcome: op.access[role] };
}

function urlOf(op: Operation, params: Record<string, string | number> = {}): string {
  return op.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${op.operationId}: the fixture gives no value for {${name}}`);
    return encodeURIComponent(String(params[name]));
  });
}

describe("authorization matrix: the OpenAPI document", () => {
  it("lists every operation with its x-access declaration for every role", () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) {
      expect(Object.keys(op.access ?? {}).sort(), `${op.operationId} x-access`).toEqual([...ROLES].sort());
    }
  });

  it("has a fixture for every operation, and no fixture for an operation that does not exist", () => {
    const ids = operations.map((o) => o.operationId);
    expect(ids.filter((id) => !FIXTURES[id]), "operations without a fixture in FIXTURES").toEqual([]);
    expect(Object.keys(FIXTURES).filter((id) => !ids.includes(id)), "fixtures of no operation").toEqual([]);
  });

  it("finds pupil B's private data where it belongs: in B's own answers", async () => {
    expect(THEIRS.subject).not.toBe(MINE.subject);
    const me = await h.request("GET", "/api/auth/me", { token: B.token });
    expect(leaksOfB(me)).toEqual(expect.arrayContaining([B.email, B.phone, B_MARKERS.name, B_MARKERS.lastName]));
    const reports = await h.request("GET", "/api/student/video-reports", { token: B.token });
    expect(leaksOfB(reports)).toContain(B_MARKERS.report);
  });
});

for (const op of operations) {
  describe(`${op.method} ${op.template} (${op.operationId})`, () => {
    for (const role of ROLES) {
      const want = expected(op, role);
      it(`${role}: ${want.outcome}${want.code ? ` ${want.code}` : ""}`, async () => {
        const fixture = FIXTURES[op.operationId];
        expect(fixture, `no fixture for ${op.operationId}`).toBeDefined();
        const actor = await actorFor(role);
        const useOther = role === "otherPupil" && fixture!.other !== null;
        const call = await (useOther ? fixture!.other! : fixture!.mine)(actor, useOther ? THEIRS : MINE);
        const token = call.token === undefined ? actor.token : (call.token ?? undefined);
        const res = await h.request(op.method, urlOf(op, call.params), { token, query: call.query, body: call.body, headers: call.headers, ip: h.freshIp() });
        const cell = `${role} ${op.method} ${op.template}: ${res.status} ${res.text.slice(0, 300)}`;

        if (want.outcome === "ok") {
          expect(res.status >= 200 && res.status < 300, cell).toBe(true);
          call.onSuccess?.();
        } else {
          expect(res.status, cell).toBe(want.outcome);
          expect(res.json, cell).toMatchObject({ message: expect.any(String), code: expect.any(String) });
          if (want.code) expect(res.json.code, cell).toBe(want.code);
        }
        if (!SHOWS_OTHERS_BY_DESIGN[op.operationId]) expect(leaksOfB(res), `pupil B's data in ${cell}`).toEqual([]);
      });
    }
  });
}
