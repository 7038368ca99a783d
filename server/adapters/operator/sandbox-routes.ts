/**
 * The Digital Virgo sandbox's own pages, outside the product API like a real carrier's (only while OPERATOR_BILLING is
 * the sandbox): `GET /sandbox/digitalvirgo/pay?t=…` shows the operator's confirmation; its Confirm / Cancel form posts
 * back (`POST /sandbox/digitalvirgo/pay`, url-encoded like any HTML form, or JSON for scripts) and the browser is sent
 * (303) to the app's `/digitalvirgo/success` or `/digitalvirgo/echec` with the signed result; JSON gets `{ redirectUrl }`.
 */
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { SandboxDecisionSchema } from "../../../domain/schemas/operator";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { parseOrThrow } from "../../lib/route";
import { sandboxOperator } from "./index";
import { SANDBOX_PAGE_PATH } from "./sandbox";
import { formatMillimesPlain, sandboxPage } from "./sandbox-page";

const TicketQuery = v.object({ t: v.pipe(v.string("validation_failed"), v.minLength(10, "validation_failed"), v.maxLength(2000, "validation_failed")) });

export function mountOperatorSandbox(app: Hono, deps: Deps): void {
  const nowS = () => Math.floor(deps.now().getTime() / 1000);
  const limit = bodyLimit({ maxSize: 4 * 1024, onError: () => { throw new AppError(413, "payload_too_large"); } });
  const sandbox = () => {
    const s = sandboxOperator(deps);
    if (!s) throw new AppError(404, "not_found");
    return s;
  };

  app.get(SANDBOX_PAGE_PATH, async (c: Context) => {
    const s = sandbox();
    const { t } = await parseOrThrow(TicketQuery, c.req.query());
    const ticket = s.readTicket(t, nowS());
    if (!ticket) throw new AppError(404, "payment_not_found");
    c.header("Cache-Control", "no-store");
    return c.html(sandboxPage({ ticket, t, amount: formatMillimesPlain(ticket.price) }));
  });

  app.post(SANDBOX_PAGE_PATH, limit, async (c: Context) => {
    const s = sandbox();
    const type = c.req.header("content-type") ?? "";
    const form = type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");
    let raw: unknown = {};
    try {
      raw = form ? await c.req.parseBody() : type.includes("application/json") ? await c.req.json() : {};
    } catch {
      throw new AppError(422, "validation_failed", { _: ["validation_failed"] });
    }
    const input = await parseOrThrow(SandboxDecisionSchema, raw);
    const ticket = s.readTicket(input.t, nowS());
    if (!ticket) throw new AppError(404, "payment_not_found");
    const redirectUrl = s.decide(ticket, input.action, nowS());
    return form ? c.redirect(redirectUrl, 303) : c.json({ payload: { redirectUrl } });
  });
}
