import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import type { ViewerKind } from "../lessons.keys";

interface Props {
  kind: ViewerKind;
  subject: string;
  chapter: string;
  lesson: string;
  className?: string;
  children: ReactNode;
  "aria-current"?: "page";
  "data-testid"?: string;
}

/** A link to a lesson's viewer: /subjects/{s}/chapters/{c}/lessons/{l}/content, or …/recordings/{r}/content. */
export function ViewerLink({ kind, subject, chapter, lesson, ...rest }: Props) {
  return kind === "recordings" ? (
    <Link to="/subjects/$subject/chapters/$chapter/recordings/$recording/content" params={{ subject, chapter, recording: lesson }} {...rest} />
  ) : (
    <Link to="/subjects/$subject/chapters/$chapter/lessons/$lesson/content" params={{ subject, chapter, lesson }} {...rest} />
  );
}
