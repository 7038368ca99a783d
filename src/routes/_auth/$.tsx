import { createFileRoute } from "@tanstack/react-router";
import { NotFoundPage } from "@/app/shell/NotFoundPage";

/** Any unknown path of a signed-in pupil: the not-found page inside the shell (top bar, sidebar, footer). */
export const Route = createFileRoute("/_auth/$")({
  component: NotFoundPage,
});
