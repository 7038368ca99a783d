/**
 * The Digital Virgo sandbox's own pages (only when OPERATOR_BILLING is the sandbox): the operator's confirmation page
 * and its Confirm / Cancel form, which sends the browser back to the app with a signed result.
 */
import * as v from "valibot";
import { formatMillimesPlain, sandboxPage } from "../../adapters/operator/sandbox-page";
import { sandboxOperator } from "../../adapters/operator";
import { SandboxDecisionSchema } from "../../../domain/schemas/operator";
import { PUBLIC } from "../../lib/access";
import { AppError } from "../../lib/errors";
import { defineRoute, parseOrThrow } from "../../lib/route";

const TicketQuery = v.object({ t: v.pipe(v.string("validation_failed"), v.minLength(10, "validation_failed"), v.maxLength(2000, "validation_failed")) });
const nowS = (d: Date) => Math.floor(d.getTime() / 1000);

export const sandboxPay = defineRoute({
  method: "get",
  path: "/sandbox/digitalvirgo/pay",
  summary: "Sandbox of the operator: its confirmation page for an order (HTML, Confirm / Cancel)",
  tag: "operator",
  auth: "none",
  access: PUBLIC,
  query: TicketQuery,
  response: "text/html",
  handler: async ({ deps, query, c }) => {
    const sandbox = sandboxOperator(deps);
    if (!sandbox) throw new AppError(404, "not_found");
    const ticket = sandbox.readTicket(query.t, nowS(deps.now()));
    if (!ticket) throw new AppError(404, "payment_not_found");
    c.header("Cache-Control", "no-store");
    return c.html(sandboxPage({ ticket, t: query.t, amount: formatMillimesPlain(ticket.price) }));
  },
});

export const sandboxDecide = defineRoute({
  method: "post",
  path: "/sandbox/digitalvirgo/pay",
  summary:
    "Sandbox of the operator: the confirmation page's decision (form or JSON { t, action: confirm | cancel }); a form is sent back (303) to /digitalvirgo/success or /digitalvirgo/echec with the signed result, JSON gets { redirectUrl }",
  tag: "operator",
  auth: "none",
  access: PUBLIC,
  // The page posts an HTML form (url-encoded): taken here, read by the handler; JSON works too.
  upload: { maxBytes: 4096 },
  response: "303 to the return page, or { redirectUrl }",
  handler: async ({ deps, c }) => {
    const sandbox = sandboxOperator(deps);
    if (!sandbox) throw new AppError(404, "not_found");
    const type = c.req.header("content-type") ?? "";
    const form = type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");
    let raw: unknown = {};
    try {
      raw = form ? await c.req.parseBody() : type.includes("application/json") ? await c.req.json() : {};
    } catch {
      throw new AppError(422, "validation_failed", { _: ["validation_failed"] });
    }
    const input = await parseOrThrow(SandboxDecisionSchema, raw);
    const ticket = sandbox.readTicket(input.t, nowS(deps.now()));
    if (!ticket) throw new AppError(404, "payment_not_found");
    const redirectUrl = sandbox.decide(ticket, input.action, nowS(deps.now()));
    if (form) return c.redirect(redirectUrl, 303);
    return { payload: { redirectUrl } };
  },
});
