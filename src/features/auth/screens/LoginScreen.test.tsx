import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../tests/ui/render";
import { LoginScreen } from "./LoginScreen";

type Handler = (url: string, init?: RequestInit) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** A fake network: the bot-check challenge is off, every other call goes to `handler`. */
function mockApi(handler: Handler) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/auth/challenge")) return Response.json({ payload: null });
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = await handler(url, init);
      return Response.json(body, { status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail ou numéro de téléphone/), username);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  return user;
}

describe("LoginScreen", () => {
  it("keeps the button disabled until the form is valid, with the exact French messages", async () => {
    mockApi(() => ({ status: 500, body: {} }));
    await renderWithProviders(<LoginScreen />, { path: "/login" });
    const submit = screen.getByRole("button", { name: "Se connecter" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup();
    const username = screen.getByLabelText(/E-mail ou numéro de téléphone/);
    await user.type(username, "1234");
    fireEvent.blur(username);
    expect(await screen.findByText("Veuillez saisir un numéro de téléphone/une adresse e-mail valide")).toBeTruthy();
    await user.clear(username);
    fireEvent.blur(username);
    expect(await screen.findByText("Veuillez saisir votre adresse e-mail/numéro de téléphone")).toBeTruthy();
    const password = screen.getByLabelText(/^Mot de passe/);
    await user.type(password, "court");
    fireEvent.blur(password);
    expect(await screen.findByText("Mot de passe minimum 8 caractères")).toBeTruthy();
    await user.type(username, "0021622000001");
    await user.type(password, "123");
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it("signs in, stores the session and goes home", async () => {
    const calls = mockApi(() => ({ status: 200, body: { payload: { token: "t0k3n", expires_at: "2099-01-01T00:00:00.000Z", user_type: "student" } } }));
    const { router } = await renderWithProviders(<LoginScreen />, { path: "/login" });
    const user = await fill("+216 22 000 001", "Darsi#2026");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(localStorage.getItem("token")).toBe("t0k3n"));
    expect(localStorage.getItem("token_type")).toBe("Bearer");
    expect(calls.find((c) => c.url === "/api/auth/login_check")).toMatchObject({ body: { username: "+216 22 000 001", password: "Darsi#2026" } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText("Connexion réussie")).toBeTruthy();
  });

  it("goes to /offres after login when nextPage=offres", async () => {
    mockApi(() => ({ status: 200, body: { payload: { token: "t", expires_at: "2099-01-01T00:00:00.000Z", user_type: "student" } } }));
    const { router } = await renderWithProviders(<LoginScreen nextPage="offres" />, { path: "/login" });
    const user = await fill("eleve@darsi.tn", "Darsi#2026");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/offres"));
  });

  it("highlights both fields on invalid credentials, without text under them", async () => {
    mockApi(() => ({ status: 401, body: { code: "invalid_credentials", message: "Invalid credentials", errors: { username: [], password: [] } } }));
    await renderWithProviders(<LoginScreen />, { path: "/login" });
    const user = await fill("22000001", "Mauvais#2026");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    await screen.findByText("Identifiants invalides");
    await waitFor(() => expect(screen.getByLabelText(/E-mail ou numéro de téléphone/).getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText(/^Mot de passe/).getAttribute("aria-invalid")).toBe("true");
    expect(await screen.findByText("Identifiants invalides")).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("says 'network error' when the server cannot be reached, and the server message on a 5xx", async () => {
    vi.stubGlobal("fetch", vi.fn(async (url: string) => (String(url).includes("challenge") ? Response.json({ payload: null }) : Promise.reject(new TypeError("Failed to fetch")))));
    await renderWithProviders(<LoginScreen />, { path: "/login" });
    const user = await fill("22000001", "Darsi#2026");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Erreur réseau : vérifiez votre connexion")).toBeTruthy();

    mockApi(() => ({ status: 503, body: { code: "server_error", message: "Server error" } }));
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Une erreur s'est produite, veuillez réessayer ultérieurement")).toBeTruthy();
  });

  it("sends teachers to the teacher app", async () => {
    mockApi(() => ({ status: 200, body: { payload: { token: "t", expires_at: "2099-01-01T00:00:00.000Z", user_type: "teacher", redirect: "https://prof.darsi.tn/" } } }));
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    await renderWithProviders(<LoginScreen />, { path: "/login" });
    const user = await fill("prof@darsi.tn", "Darsi#2026");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://prof.darsi.tn/"));
    expect(localStorage.getItem("token")).toBeNull();
  });
});
