import { createFileRoute, notFound } from "@tanstack/react-router";
import { examQueryOptions } from "@/features/exams/api/getExam";
import { ExamDetailScreen } from "@/features/exams/screens/ExamDetailScreen";

const examId = (id: string) => {
  const n = Number(id);
  if (!/^\d{1,10}$/.test(id) || n < 1) throw notFound();
  return n;
};

export const Route = createFileRoute("/_auth/exams/$id")({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(examQueryOptions(examId(params.id))),
  component: function Screen() {
    const { id } = Route.useParams();
    return <ExamDetailScreen id={examId(id)} />;
  },
});
