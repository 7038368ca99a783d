import type { D17PaymentDto, PaymentRedirectDto, PaymentStatusDto } from "@domain/wallet";
import { api } from "@/lib/api";

/** `GET /payment/redirect/{id}`: the gateway's URL and the fields of the hidden form. */
export async function getPaymentRedirect(id: number, lang: string): Promise<PaymentRedirectDto> {
  return (await api<PaymentRedirectDto>(`/payment/redirect/${id}`, { query: { lang } })).payload;
}

/** `GET /payment/d17/{id}`: the payment URL the QR code encodes. */
export async function getD17Payment(id: number): Promise<D17PaymentDto> {
  return (await api<D17PaymentDto>(`/payment/d17/${id}`)).payload;
}

/** `GET /payment/d17/check/{id}` ("Continuer"): the top-up's state, credited by the server once D17 says paid. */
export async function checkD17Payment(id: number, idempotencyKey: string): Promise<PaymentStatusDto> {
  return (await api<PaymentStatusDto>(`/payment/d17/check/${id}`, { idempotencyKey })).payload;
}

/** `POST /payment/success|echec?orderId&lang`: the server asks the gateway and settles the order. */
export async function confirmPayment(which: "success" | "echec", orderId: string, lang: string, idempotencyKey: string): Promise<PaymentStatusDto> {
  return (await api<PaymentStatusDto>(`/payment/${which}`, { method: "POST", query: { orderId, lang }, idempotencyKey })).payload;
}

/**
 * Sends the browser to the gateway: a hidden form with the fields, posted at once (what a real gateway expects: the
 * fields are signed by the server, the browser only carries them).
 */
export function submitHiddenForm(url: string, data: Record<string, string>): void {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(data)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
