import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "@mantine/core";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeMe } from "../../../../tests/ui/fixtures";
import { EmailGate } from "./EmailGate";

function stubApi(answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      // The bot check's challenge (off here): not one of the calls under test.
      if (String(input).includes("/auth/challenge")) return Response.json({ payload: null });
      calls.push({ url: String(input), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift() ?? { status: 200, body: { payload: null } };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const gate = (join: () => void) => <EmailGate>{(require) => <Button onClick={() => require(join)}>Participer</Button>}</EmailGate>;

describe("EmailGate (live sessions need an e-mail)", () => {
  it("runs the action at once when the pupil has an e-mail", async () => {
    const join = vi.fn();
    const calls = stubApi([]);
    await renderWithProviders(gate(join), { me: makeMe({ email: "eleve@darsi.tn" }) });
    fireEvent.click(screen.getByRole("button", { name: "Participer" }));
    expect(join).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });

  it("without an e-mail: add-email (rules of SPEC §5), then the code, then the action", async () => {
    const join = vi.fn();
    const calls = stubApi([
      { status: 200, body: { payload: { credential: "nour@exemple.tn", channel: "email" } } },
      { status: 422, body: { code: "code_invalid", message: "x", errors: { confirmationToken: ["code_invalid"] } } },
      { status: 200, body: { payload: { email: "nour@exemple.tn", phone: "22000001" } } },
    ]);
    await renderWithProviders(gate(join), { me: makeMe({ email: null }) });
    fireEvent.click(screen.getByRole("button", { name: "Participer" }));
    const add = await screen.findByTestId("add-email-modal");
    const user = userEvent.setup();
    const input = screen.getByLabelText(/Adresse e-mail/);
    await user.type(input, "12345678");
    fireEvent.click(screen.getByRole("button", { name: "Envoyer le code" }));
    expect(await screen.findByText("Adresse e-mail invalide")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(input);
    await user.type(input, "nour@exemple.tn");
    fireEvent.click(screen.getByRole("button", { name: "Envoyer le code" }));
    await screen.findByTestId("verify-email-modal");
    expect(add).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: "/api/user/add-email", method: "PUT", body: { email: "nour@exemple.tn" } });

    await user.click(screen.getByLabelText("Caractère 1 du code"));
    await user.keyboard("ABC123");
    fireEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(join).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText("Caractère 1 du code"));
    await user.keyboard("XYZ789");
    fireEvent.click(screen.getByRole("button", { name: "Vérifier" }));
    await waitFor(() => expect(join).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.url === "/api/user/confirm-code").at(-1)).toMatchObject({
      method: "POST",
      body: { confirmationToken: "XYZ789", email: "nour@exemple.tn" },
    });
  });
});
