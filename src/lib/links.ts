import { linkOptions, type LinkOptions } from "@tanstack/react-router";
import type { ChapterType } from "@domain/learning";

/**
 * The viewer of a lesson, as the router's typed link (`to` and `params`): recordings have their own (SPEC §2 routes).
 * Spread it on a `<Link>` or pass it to `navigate`.
 */
export function viewerLink(subject: string, chapter: string, lesson: string, chapterType: ChapterType | null | undefined) {
  return chapterType === "recording"
    ? linkOptions({ to: "/subjects/$subject/chapters/$chapter/recordings/$recording/content", params: { subject, chapter, recording: lesson } })
    : linkOptions({ to: "/subjects/$subject/chapters/$chapter/lessons/$lesson/content", params: { subject, chapter, lesson } });
}

/** A screen of the app without path parameters, as the router types it: a typo or a removed route fails the type check. */
export type AppPath = Exclude<NonNullable<LinkOptions["to"]>, `${string}$${string}` | `.${string}`>;
