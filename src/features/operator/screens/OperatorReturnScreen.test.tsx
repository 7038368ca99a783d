import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/react";
import type { OperatorActivationDto } from "@domain/operator";
import { renderWithProviders } from "../../../../tests/ui/render";
import { OperatorSuccessScreen } from "./OperatorReturnScreen";

const QUERY = { orderId: "dv_1", status: "confirmed", tx: "t", ts: "1", sig: "s" };
const ACTIVATION: OperatorActivationDto = {
  orderId: "dv_1",
  status: "active",
  recurrence: 7,
  price: 17_250,
  renews_at: "2026-12-01T10:00:00.000Z",
  end_date: "2026-12-01",
  newAccount: true,
};

/** `GET /digitalvirgo/success` answered with `payload`; the URLs asked are returned. */
function answer(payload: OperatorActivationDto) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      urls.push(String(input));
      return Response.json({ payload });
    }),
  );
  return urls;
}

async function render(signedIn: boolean) {
  const calls = { signedIn: vi.fn(), done: vi.fn(), login: vi.fn() };
  await renderWithProviders(<OperatorSuccessScreen query={QUERY} signedIn={signedIn} onSignedIn={calls.signedIn} onDone={calls.done} onLogin={calls.login} />);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("OperatorSuccessScreen", () => {
  it("the first use of the link signs the new subscriber in and goes home", async () => {
    const urls = answer({ ...ACTIVATION, token: "jwt", expires_at: "2026-12-24T10:00:00.000Z", user_type: "student" });
    const calls = await render(false);
    await waitFor(() => expect(calls.done).toHaveBeenCalledOnce());
    expect(calls.signedIn).toHaveBeenCalledWith("jwt", "2026-12-24T10:00:00.000Z");
    expect(calls.login).not.toHaveBeenCalled();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain("checkFromFront=1");
  });

  it("a link the server answers without a session (used before) goes to /login", async () => {
    answer(ACTIVATION);
    const calls = await render(false);
    await waitFor(() => expect(calls.login).toHaveBeenCalledOnce());
    expect(calls.signedIn).not.toHaveBeenCalled();
    expect(calls.done).not.toHaveBeenCalled();
  });

  it("a pupil who subscribed from their account keeps their session and goes home", async () => {
    answer({ ...ACTIVATION, newAccount: false });
    const calls = await render(true);
    await waitFor(() => expect(calls.done).toHaveBeenCalledOnce());
    expect(calls.login).not.toHaveBeenCalled();
  });
});
