import { useMutation } from "@tanstack/react-query";
import type { OperatorActivationDto, OperatorFailureDto } from "@domain/operator";
import { api } from "@/lib/api";

/** The query the operator sent the browser back with (only the fields the server reads). */
export type OperatorReturnQuery = Record<string, string>;

const FIELDS = ["orderId", "status", "tx", "ts", "sig"] as const;
/** Keeps the operator's fields of a return URL's query. */
export function returnFields(search: Record<string, unknown>): OperatorReturnQuery {
  const out: OperatorReturnQuery = {};
  for (const k of FIELDS) if (typeof search[k] === "string" || typeof search[k] === "number") out[k] = String(search[k]);
  return out;
}

/** `GET /digitalvirgo/success` with the original query plus `checkFromFront`: the server verifies and activates once. */
export function useConfirmOperatorReturn() {
  return useMutation({
    mutationFn: async (query: OperatorReturnQuery) =>
      (await api<OperatorActivationDto>("/digitalvirgo/success", { query: { ...query, checkFromFront: 1 }, anonymous: true })).payload,
  });
}

/** `POST /digitalvirgo/echec`: records the refused or cancelled confirmation. */
export function useReportOperatorFailure() {
  return useMutation({
    mutationFn: async (query: OperatorReturnQuery) =>
      (await api<OperatorFailureDto>("/digitalvirgo/echec", { method: "POST", body: query, anonymous: true })).payload,
  });
}
