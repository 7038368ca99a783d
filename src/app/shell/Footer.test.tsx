import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { makeAffiliation, makeMe } from "../../../tests/ui/fixtures";
import { renderWithProviders } from "../../../tests/ui/render";
import { Footer } from "./Footer";

describe("Footer", () => {
  it("gives the phone for pupils with offers", async () => {
    await renderWithProviders(<Footer />, { me: makeMe({ affiliations: [makeAffiliation(35)] }) });
    const phone = screen.getByTestId("footer-phone");
    expect(phone.textContent).toBe("73.832.002");
    expect(phone.getAttribute("href")).toBe("tel:+21673832002");
  });

  it("gives the other phone without offers", async () => {
    await renderWithProviders(<Footer />, { me: makeMe({ affiliations: [] }) });
    const phone = screen.getByTestId("footer-phone");
    expect(phone.textContent).toBe("73.832.000");
    expect(phone.getAttribute("href")).toBe("tel:+21673832000");
  });

  it("links to Darsi's social pages safely, each with a name", async () => {
    await renderWithProviders(<Footer />);
    for (const name of ["Facebook", "Instagram", "YouTube", "TikTok"]) {
      const link = screen.getByRole("link", { name: `Darsi sur ${name}` });
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(link.getAttribute("href")).toMatch(/^https:\/\/www\./);
    }
    expect(screen.getByText(new RegExp(`© Darsi ${new Date().getFullYear()}`))).toBeTruthy();
  });
});
