import { createFileRoute } from "@tanstack/react-router";
import { ensureViewerData } from "@/features/lessons/api/ensureViewerData";
import { LessonViewerScreen } from "@/features/lessons/screens/LessonViewerScreen";

/** The recording viewer (SPEC §2): the lesson viewer over a recording chapter's list. */
export const Route = createFileRoute("/_auth/subjects_/$subject/chapters/$chapter/recordings/$recording/content")({
  loader: ({ context, params }) =>
    ensureViewerData(context.queryClient, { kind: "recordings", subject: params.subject, chapter: params.chapter, lesson: params.recording }),
  component: function Screen() {
    const { subject, chapter, recording } = Route.useParams();
    return <LessonViewerScreen kind="recordings" subject={subject} chapter={chapter} lesson={recording} />;
  },
});
