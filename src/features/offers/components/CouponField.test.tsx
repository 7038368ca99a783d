import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { rememberReferral } from "@/lib/referral";
import { renderWithProviders } from "../../../../tests/ui/render";
import { CouponField } from "./CouponField";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("CouponField", () => {
  it("starts with the friend's gift code saved from a shared link (?referral=)", async () => {
    rememberReferral("CP-YASMINE");
    await renderWithProviders(<CouponField offerId={4} period="year" applied={null} problem={null} />);
    expect((screen.getByTestId("coupon-input-4") as HTMLInputElement).value).toBe("CP-YASMINE");
  });

  it("starts empty without one, or with a saved text that is no gift code", async () => {
    const { unmount } = await renderWithProviders(<CouponField offerId={4} period="year" applied={null} problem={null} />);
    expect((screen.getByTestId("coupon-input-4") as HTMLInputElement).value).toBe("");
    unmount();
    rememberReferral("RENTREE20");
    await renderWithProviders(<CouponField offerId={4} period="year" applied={null} problem={null} />);
    expect((screen.getByTestId("coupon-input-4") as HTMLInputElement).value).toBe("");
  });
});
