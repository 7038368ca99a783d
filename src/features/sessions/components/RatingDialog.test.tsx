import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RateableDto } from "@domain/events";
import { renderWithProviders } from "../../../../tests/ui/render";
import RatingDialog from "./RatingDialog";

const rateable: RateableDto = {
  attendee: { id: 3, attendanceTimeInSeconds: 900 },
  content_event: { id: 42, start_date: "2026-11-24T09:00:00.000Z", content: { name: "Révision en direct : Mathématiques", name_ar: null, name_en: null } },
};

function stubApi() {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body ?? "null")) });
      return Response.json({ payload: {} }, { status: 201 });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe("RatingDialog", () => {
  it("sends nothing until a rating is chosen, then the rating and the comment once", async () => {
    const sent = stubApi();
    const onDone = vi.fn();
    await renderWithProviders(<RatingDialog rateable={rateable} onDone={onDone} />);
    const submit = await screen.findByTestId("rating-submit");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByTestId("rating-5"));
    expect(screen.getByTestId("rating-5").getAttribute("aria-checked")).toBe("true");
    await userEvent.type(screen.getByLabelText("Commentaire (facultatif)"), "Très claire");
    await userEvent.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ url: "/svc/reviews/review", body: { content_event_id: 42, rating: 5, comment: "Très claire" } }]);
  });

  it("declines with the session's id", async () => {
    const sent = stubApi();
    const onDone = vi.fn();
    await renderWithProviders(<RatingDialog rateable={rateable} onDone={onDone} />);
    await userEvent.click(await screen.findByTestId("rating-decline"));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ url: "/svc/reviews/dont-want-to-rate", body: { content_event_id: 42 } }]);
  });
});
