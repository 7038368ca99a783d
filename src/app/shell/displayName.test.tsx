import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { SUBSCRIBER_PLACEHOLDER_NAME } from "@domain/user";
import { makeMe } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { UserMenuTrigger } from "./UserMenuTrigger";
import { ProfileOffersCard } from "@/features/home/components/ProfileOffersCard";

// An operator's subscriber who has not given a name yet: the stored placeholder is never shown as words of the page.
const subscriber = makeMe({ name: SUBSCRIBER_PLACEHOLDER_NAME.name, last_name: SUBSCRIBER_PLACEHOLDER_NAME.lastName });

describe("useDisplayName", () => {
  it("names a subscriber without a name by what they are, in the reader's language", async () => {
    const { messages } = await import("../../locales/ar/messages.po");
    await renderWithProviders(<UserMenuTrigger />, { me: subscriber, locale: "ar", messages });
    const trigger = screen.getByTestId("user-menu");
    expect(trigger.getAttribute("aria-label")).toMatch(/^مشترك Ooredoo/);
    expect(trigger.textContent).not.toMatch(/Abonné/);
  });

  it("in English on the home's profile card; a named pupil keeps their own name", async () => {
    const { messages } = await import("../../locales/en/messages.po");
    const { unmount } = await renderWithProviders(<ProfileOffersCard me={subscriber} />, { me: subscriber, locale: "en", messages });
    expect(screen.getByTestId("home-name").textContent).toBe("Ooredoo subscriber");
    unmount();
    const named = makeMe({ name: "Yasmine", last_name: "Ben Salah" });
    await renderWithProviders(<ProfileOffersCard me={named} />, { me: named, locale: "en", messages });
    expect(screen.getByTestId("home-name").textContent).toBe("Yasmine Ben Salah");
  });
});
