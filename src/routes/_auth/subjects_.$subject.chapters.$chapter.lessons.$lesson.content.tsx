import { createFileRoute } from "@tanstack/react-router";
import { ensureViewerData } from "@/features/lessons/api/ensureViewerData";
import { LessonViewerScreen } from "@/features/lessons/screens/LessonViewerScreen";

/** The lesson viewer (SPEC §2): not nested in the subject page, same URL family. */
export const Route = createFileRoute("/_auth/subjects_/$subject/chapters/$chapter/lessons/$lesson/content")({
  loader: ({ context, params }) => ensureViewerData(context.queryClient, { kind: "lessons", subject: params.subject, chapter: params.chapter, lesson: params.lesson }),
  component: function Screen() {
    const { subject, chapter, lesson } = Route.useParams();
    return <LessonViewerScreen kind="lessons" subject={subject} chapter={chapter} lesson={lesson} />;
  },
});
