/**
 * The local Digital Virgo sandbox: behaves like the carrier's payment page. `startCheckout` gives the URL of its own
 * confirmation page (`GET /sandbox/digitalvirgo/pay?t=…`, a signed ticket with the order, phone and price); the
 * page's Confirm / Cancel form posts back to the sandbox, which redirects the browser to the app's
 * `/digitalvirgo/success` or `/digitalvirgo/echec` with a signed query (`orderId, status, tx, ts, sig`), exactly as the
 * operator would. `verifyReturn` checks that signature (HMAC-SHA256 with a key derived from the server secret) and
 * its age; nothing the browser could forge is trusted.
 *
 * Renewal charges behave as a carrier's API does: the sandbox keeps every charge by its reference in its own table
 * (`operator_sandbox_charges`), so a charge asked again answers its first outcome without charging twice, and
 * `chargeStatus` finds it after the asker lost the answer. A line can be short of credit (`setLineCredit`, kept in
 * `operator_sandbox_lines`): a charge above what it has left is refused, as a prepaid line without credit is.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Recurrence } from "../../../domain/operator";
import type { OperatorReturn } from "../../../domain/schemas/operator";
import type { Db } from "../../db/client";
import { operatorSandboxCharges, operatorSandboxLines } from "../../db/schema";
import type { ChargeOutcome, OperatorAdapter, OperatorChargeRequest, OperatorCheckoutRequest, OperatorVerdict } from "./types";

export const SANDBOX_PAGE_PATH = "/sandbox/digitalvirgo/pay";
/** A return older than this is refused (the pupil had a day to come back). */
const RETURN_MAX_AGE_S = 24 * 60 * 60;
/** The confirmation page's ticket lives this long. */
const TICKET_TTL_S = 30 * 60;

export interface SandboxTicket {
  orderId: string;
  phone: string;
  recurrence: Recurrence;
  price: number;
  successUrl: string;
  failUrl: string;
  exp: number;
}

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const unb64 = (s: string) => Buffer.from(s, "base64url").toString("utf8");

function equal(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export interface SandboxOperator extends OperatorAdapter {
  /** The signed ticket of the confirmation page, or null when forged or expired. */
  readTicket(t: string, nowS: number): SandboxTicket | null;
  /** The operator's decision: where the browser goes back to, with the signed result. */
  decide(ticket: SandboxTicket, action: "confirm" | "cancel", nowS: number): string;
  /** The signature of a return (tests build returns with it). */
  signReturn(fields: { orderId: string; status: string; tx: string; ts: string }): string;
  /** The line's prepaid credit from now on, in millimes (charges above it are refused); null: credit enough again. */
  setLineCredit(phone: string, credit: number | null): Promise<void>;
}

/** Charges one renewal once per reference: the first outcome is kept and answered again to a repeated request. */
async function chargeOnce(db: Db, req: OperatorChargeRequest): Promise<ChargeOutcome> {
  return db.transaction(async (tx) => {
    // The line's row (when it has one) serialises the charges of one phone, so its credit is spent once.
    const [line] = await tx.select().from(operatorSandboxLines).where(eq(operatorSandboxLines.phone, req.phone)).for("update");
    const [known] = await tx.select({ status: operatorSandboxCharges.status }).from(operatorSandboxCharges).where(eq(operatorSandboxCharges.reference, req.reference));
    if (known) return known.status;
    const status: ChargeOutcome = line && line.credit < req.amount ? "refused" : "charged";
    const [written] = await tx
      .insert(operatorSandboxCharges)
      .values({ reference: req.reference, orderId: req.orderId, phone: req.phone, amount: req.amount, status })
      .onConflictDoNothing()
      .returning({ status: operatorSandboxCharges.status });
    if (!written) {
      // The same reference charged at the same instant by another request: its outcome is the answer.
      const [first] = await tx.select({ status: operatorSandboxCharges.status }).from(operatorSandboxCharges).where(eq(operatorSandboxCharges.reference, req.reference));
      return first!.status;
    }
    if (line && status === "charged") {
      await tx.update(operatorSandboxLines).set({ credit: sql`${operatorSandboxLines.credit} - ${req.amount}` }).where(eq(operatorSandboxLines.phone, req.phone));
    }
    return status;
  });
}

export function createSandboxOperator(secret: string, nowS: () => number, db: Db): SandboxOperator {
  const key = createHmac("sha256", secret).update("digitalvirgo-sandbox").digest();
  const mac = (value: string) => createHmac("sha256", key).update(value).digest("base64url");
  const signReturn = (f: { orderId: string; status: string; tx: string; ts: string }) => mac(`return|${f.orderId}|${f.status}|${f.tx}|${f.ts}`);

  return {
    name: "sandbox",
    async startCheckout(req: OperatorCheckoutRequest) {
      const ticket: SandboxTicket = { ...req, exp: nowS() + TICKET_TTL_S };
      const body = b64(JSON.stringify(ticket));
      return { redirectUrl: `${SANDBOX_PAGE_PATH}?t=${body}.${mac(`ticket|${body}`)}` };
    },
    readTicket(t, now) {
      const [body, sig] = t.split(".");
      if (!body || !sig || !equal(sig, mac(`ticket|${body}`))) return null;
      try {
        const ticket = JSON.parse(unb64(body)) as SandboxTicket;
        return ticket.exp >= now ? ticket : null;
      } catch {
        return null;
      }
    },
    decide(ticket, action, now) {
      const fields = { orderId: ticket.orderId, status: action === "confirm" ? "success" : "cancelled", tx: `DV${randomBytes(8).toString("hex")}`, ts: String(now) };
      const query = new URLSearchParams({ ...fields, sig: signReturn(fields) });
      return `${action === "confirm" ? ticket.successUrl : ticket.failUrl}?${query.toString()}`;
    },
    signReturn,
    async verifyReturn(ret: OperatorReturn): Promise<OperatorVerdict> {
      if (!ret.sig || !ret.ts || !/^\d{1,12}$/.test(ret.ts)) return { valid: false };
      if (!equal(ret.sig, signReturn({ orderId: ret.orderId, status: ret.status, tx: ret.tx, ts: ret.ts }))) return { valid: false };
      const age = nowS() - Number(ret.ts);
      if (age > RETURN_MAX_AGE_S || age < -300) return { valid: false };
      return { valid: true, orderId: ret.orderId, paid: ret.status === "success", transactionId: ret.tx };
    },
    charge: (req) => chargeOnce(db, req),
    async chargeStatus(reference) {
      const [row] = await db.select({ status: operatorSandboxCharges.status }).from(operatorSandboxCharges).where(eq(operatorSandboxCharges.reference, reference));
      return row?.status ?? "unknown";
    },
    async setLineCredit(phone, credit) {
      if (credit === null) {
        await db.delete(operatorSandboxLines).where(eq(operatorSandboxLines.phone, phone));
        return;
      }
      await db.insert(operatorSandboxLines).values({ phone, credit }).onConflictDoUpdate({ target: operatorSandboxLines.phone, set: { credit } });
    },
    async unsubscribe() {
      // Nothing to stop: the sandbox bills only when asked to.
    },
  };
}
