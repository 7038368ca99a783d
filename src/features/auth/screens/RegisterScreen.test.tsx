import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../tests/ui/render";
import { RegisterScreen } from "./RegisterScreen";

const reference: Record<string, unknown> = {
  "/api/countries": [
    { id: 1, name: "Tunisie", name_en: "Tunisia", name_ar: "تونس" },
    { id: 5, name: "France", name_en: "France", name_ar: "فرنسا" },
  ],
  "/api/countries/1/states": [
    { id: 17, name: "Sfax", name_ar: "صفاقس" },
    { id: 23, name: "Tunis", name_ar: "تونس" },
  ],
  "/api/divisions": [
    { id: 4, name: "7ème année de base", level: "basic" },
    { id: 18, name: "Bac Mathématiques", level: "baccalaureate" },
  ],
  "/api/optional-subjects/18": [{ id: 101, name: "Allemand" }],
};

function mockApi(register: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const sent: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/auth/challenge")) return Response.json({ payload: null });
      if (url === "/api/auth/register") {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push(body);
        const { status, body: answer } = register(body);
        return Response.json(answer, { status });
      }
      if (url in reference) return Response.json({ payload: reference[url] });
      return Response.json({ code: "not_found", message: "Not found" }, { status: 404 });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

/** The input of a Mantine Select (its listbox carries the same label). */
const selectInput = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === "INPUT")!;

async function choose(label: RegExp, option: string) {
  const input = selectInput(label);
  fireEvent.click(input);
  const listbox = await screen.findByRole("listbox");
  fireEvent.click(within(listbox).getByRole("option", { name: option }));
}

async function fillValid() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Prénom/), "Amira");
  await user.type(screen.getByLabelText(/^Nom/), "Haddad");
  await choose(/Gouvernorat/, "Sfax");
  await user.type(screen.getByLabelText(/Numéro de téléphone/), "22123456");
  await user.type(screen.getByLabelText(/Date de naissance/), "14032009");
  await choose(/Classe/, "Bac Mathématiques");
  await user.type(screen.getByLabelText(/^Mot de passe/), "Ecole#2026");
  await user.type(screen.getByLabelText(/Confirmer le mot de passe/), "Ecole#2026");
  return user;
}

describe("RegisterScreen", () => {
  it("shows the rules of SPEC §5 as the pupil types", async () => {
    mockApi(() => ({ status: 500, body: {} }));
    await renderWithProviders(<RegisterScreen />, { path: "/register" });
    const user = userEvent.setup();
    const phone = screen.getByLabelText(/Numéro de téléphone/);
    await user.type(phone, "12345678");
    fireEvent.blur(phone);
    expect(await screen.findByText("Le champ numéro de téléphone est invalide")).toBeTruthy();
    const birth = screen.getByLabelText(/Date de naissance/);
    await user.type(birth, "16052018");
    expect((birth as HTMLInputElement).value).toBe("16/05/2018");
    fireEvent.blur(birth);
    expect(await screen.findByText("L'âge doit être d'au moins 5 ans")).toBeTruthy();
    await user.type(screen.getByLabelText(/^Mot de passe/), "Ecole#2026");
    const confirm = screen.getByLabelText(/Confirmer le mot de passe/);
    await user.type(confirm, "Ecole#2027");
    fireEvent.blur(confirm);
    expect(await screen.findByText("Les mots de passe ne sont pas identiques")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Créer mon compte" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("outside Tunisia the e-mail is required and the governorate is not asked", async () => {
    mockApi(() => ({ status: 500, body: {} }));
    await renderWithProviders(<RegisterScreen />, { path: "/register" });
    await waitFor(() => expect(selectInput(/Gouvernorat/)).toBeTruthy());
    await choose(/Pays/, "France");
    await waitFor(() => expect(screen.queryAllByLabelText(/Gouvernorat/)).toHaveLength(0));
    const email = screen.getByLabelText(/Adresse e-mail/);
    fireEvent.blur(email);
    expect(await screen.findByText("Veuillez saisir votre adresse e-mail")).toBeTruthy();
  });

  it("creates the account, keeps the session and goes to /confirm", async () => {
    const sent = mockApi(() => ({ status: 201, body: { payload: { token: "new", expires_at: "2099-01-01T00:00:00.000Z", user_type: "student" } } }));
    const { router } = await renderWithProviders(<RegisterScreen referral="CP-AMI42" />, { path: "/register" });
    const user = await fillValid();
    const submit = screen.getByRole("button", { name: "Créer mon compte" });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe("/confirm"));
    expect(localStorage.getItem("token")).toBe("new");
    expect(sent[0]).toMatchObject({
      name: "Amira",
      lastName: "Haddad",
      phone: "22123456",
      birthDate: "14/03/2009",
      plainPassword: { first: "Ecole#2026", second: "Ecole#2026" },
      country: "1",
      state: "17",
      division: "18",
      referralCode: "CP-AMI42",
    });
  });

  it("marks the phone when the server says the account information is already used", async () => {
    mockApi(() => ({ status: 422, body: { code: "account_already_used", message: "Account information already used", errors: { phone: ["account_already_used"] } } }));
    const { router } = await renderWithProviders(<RegisterScreen />, { path: "/register" });
    const user = await fillValid();
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    await waitFor(() => expect(screen.getByLabelText(/Numéro de téléphone/).getAttribute("aria-invalid")).toBe("true"));
    expect((await screen.findAllByText("Ces informations de compte sont déjà utilisées")).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe("/register");
    expect(localStorage.getItem("token")).toBeNull();
  });
});
