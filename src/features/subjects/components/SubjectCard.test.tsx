import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../../../tests/ui/render";
import { makeSubject } from "../testData";
import { SubjectCard } from "./SubjectCard";

describe("SubjectCard", () => {
  it("names the subject in Arabic for an Arabic reader, in French otherwise", async () => {
    const subject = makeSubject({ name: "Mathématiques", name_ar: "الرياضيات" });
    const { unmount } = await renderWithProviders(<SubjectCard subject={subject} />, { locale: "ar" });
    expect(screen.getByText("الرياضيات")).toBeTruthy();
    expect(screen.queryByText("Mathématiques")).toBeNull();
    unmount();
    await renderWithProviders(<SubjectCard subject={subject} />, { locale: "fr" });
    expect(screen.getByText("Mathématiques")).toBeTruthy();
  });
});
