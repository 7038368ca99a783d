import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { KeepChapterControl } from "@/features/lessons/components/KeepChapterOffline";
import { ensureSubjectChapters } from "@/features/subjects/api/getSubjectChapters";
import { SubjectDetailsScreen } from "@/features/subjects/screens/SubjectDetailsScreen";
import { SUBJECT_TABS } from "@/features/subjects/tabs";
import { SubjectExams } from "@/features/exams/components/SubjectExams";
import { SubjectSessions } from "@/features/sessions";

// "subjects_": the subject page is not nested in the subjects list (no shared layout), same URL.
export const Route = createFileRoute("/_auth/subjects_/$subject/details")({
  validateSearch: v.object({ tab: v.fallback(v.optional(v.picklist(SUBJECT_TABS)), undefined) }),
  loader: ({ context, params }) => ensureSubjectChapters(context.queryClient, params.subject),
  component: function Screen() {
    const { subject } = Route.useParams();
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SubjectDetailsScreen
        slug={subject}
        tab={tab}
        onTabChange={(next) => void navigate({ search: { tab: next }, replace: true, resetScroll: false })}
        chapterExtra={(entry) => <KeepChapterControl subject={subject} chapter={entry.chapter} />}
        tabExtra={{
          exam: (
            <>
              <SubjectExams subject={subject} />
              <SubjectSessions subject={subject} />
            </>
          ),
        }}
      />
    );
  },
});
