import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../tests/ui/render";
import { SubscribeModal } from "./SubscribeModal";

const DIVISIONS = [
  { id: 18, name: "Bac Mathématiques", name_ar: "باكالوريا رياضيات", name_en: "Baccalaureate – Mathematics" },
  { id: 19, name: "Bac Sciences expérimentales", name_ar: "باكالوريا علوم تجريبية", name_en: "Baccalaureate – Experimental Sciences" },
];

/** The API as the modal sees it: the classes of a level, and `POST /checkout` answered by `checkout`. */
function mockApi(checkout: (body: Record<string, unknown>, headers: Headers) => Response) {
  const posts: Array<{ body: Record<string, unknown>; key: string | null }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname.endsWith("/divisions")) return Response.json({ payload: url.pathname.includes("primary") ? [{ id: 1, name: "4ème année primaire", name_ar: "x", name_en: "y" }] : DIVISIONS });
      const headers = new Headers(init?.headers);
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posts.push({ body, key: headers.get("Idempotency-Key") });
      return checkout(body, headers);
    }),
  );
  return posts;
}

async function open(onRedirect = vi.fn()) {
  await renderWithProviders(<SubscribeModal opened onClose={() => {}} level="baccalaureate" onRedirect={onRedirect} />);
  return { onRedirect, dialog: await screen.findByRole("dialog") };
}

/** The input of a Mantine Select (its listbox carries the same label). */
const classInput = () => screen.getAllByLabelText(/Classe/).find((el) => el.tagName === "INPUT")!;

async function chooseClass(_user: ReturnType<typeof userEvent.setup>, name: string) {
  await waitFor(() => expect(classInput().getAttribute("placeholder")).toBe("Choisissez votre classe"));
  fireEvent.click(classInput());
  const listbox = await screen.findByRole("listbox");
  fireEvent.click(within(listbox).getByRole("option", { name }));
}
const text = (el: HTMLElement) => el.textContent ?? "";

afterEach(() => vi.unstubAllGlobals());

describe("SubscribeModal", () => {
  it("shows the level's prices on the two plan cards and the auto-renewal text", async () => {
    mockApi(() => Response.json({}));
    const { dialog } = await open();
    expect(text(within(dialog).getByTestId("operator-plan-1"))).toContain("1 jour");
    expect(text(within(dialog).getByTestId("operator-plan-1"))).toContain("2,3 DT / jour");
    expect(text(within(dialog).getByTestId("operator-plan-7"))).toContain("17,25 DT / semaine");
    expect(text(within(dialog).getByTestId("operator-renewal"))).toContain("renouvelé automatiquement chaque jour au prix de 2,3 DT");
    const user = userEvent.setup();
    await user.click(within(dialog).getByTestId("operator-plan-7"));
    expect(text(within(dialog).getByTestId("operator-renewal"))).toContain("chaque semaine au prix de 17,25 DT");
  });

  it("refuses an empty or invalid phone and a missing class without calling the server", async () => {
    const posts = mockApi(() => Response.json({}));
    const { dialog } = await open();
    const user = userEvent.setup();
    await user.click(within(dialog).getByTestId("operator-submit"));
    expect(within(dialog).getByTestId("operator-phone").getAttribute("aria-invalid")).toBe("true");
    await user.type(within(dialog).getByTestId("operator-phone"), "1234");
    await user.click(within(dialog).getByTestId("operator-submit"));
    expect(within(dialog).getByTestId("operator-phone").getAttribute("aria-invalid")).toBe("true");
    expect(classInput().getAttribute("aria-invalid")).toBe("true");
    expect(posts).toHaveLength(0);
  });

  it("posts recurrence, phone and class with an Idempotency-Key, then goes to the operator's page", async () => {
    const posts = mockApi(() => Response.json({ payload: { redirectUrl: "/sandbox/digitalvirgo/pay?t=abc", orderId: "dv_x" } }));
    const { dialog, onRedirect } = await open();
    const user = userEvent.setup();
    await user.type(within(dialog).getByTestId("operator-phone"), "+216 41 234 567");
    await chooseClass(user, "Bac Mathématiques");
    await user.click(within(dialog).getByTestId("operator-plan-7"));
    await user.click(within(dialog).getByTestId("operator-submit"));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith("/sandbox/digitalvirgo/pay?t=abc"));
    expect(posts[0]!.body).toEqual({ recurrence: 7, phone: "+216 41 234 567", division: 18 });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("'Le numéro existe déjà' on the phone field with a link to sign in", async () => {
    mockApi(() => Response.json({ message: "exists", code: "operator_phone_exists", errors: { phone: ["operator_phone_exists"] } }, { status: 422 }));
    const { dialog } = await open();
    const user = userEvent.setup();
    await user.type(within(dialog).getByTestId("operator-phone"), "22000002");
    await chooseClass(user, "Bac Mathématiques");
    await user.click(within(dialog).getByTestId("operator-submit"));
    expect(await within(dialog).findByText("Le numéro existe déjà")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "connectez-vous" }).getAttribute("href")).toBe("/login");
  });

  it("a phone already subscribed: the button says 'Vous êtes déjà inscrit' and is disabled", async () => {
    mockApi(() => Response.json({ message: "client", code: "operator_already_client", errors: { phone: ["operator_already_client"] } }, { status: 409 }));
    const { dialog } = await open();
    const user = userEvent.setup();
    await user.type(within(dialog).getByTestId("operator-phone"), "41234567");
    await chooseClass(user, "Bac Mathématiques");
    await user.click(within(dialog).getByTestId("operator-submit"));
    await waitFor(() => expect(text(within(dialog).getByTestId("operator-submit"))).toContain("Vous êtes déjà inscrit"));
    expect((within(dialog).getByTestId("operator-submit") as HTMLButtonElement).disabled).toBe(true);
  });
});
