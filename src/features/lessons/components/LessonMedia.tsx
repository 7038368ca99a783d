import { lazy, Suspense } from "react";
import { Alert, Skeleton } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { IconInfoCircle } from "@tabler/icons-react";
import { CONTENT_TYPE, type LessonDto, type ProgressAnswerDto } from "@domain/learning";
import { useLite } from "@/lib/lite";
import type { ProgressExtra } from "../progress/useProgressPoster";
import { MagazineViewer } from "./MagazineViewer";
import { VideoPlayer } from "./VideoPlayer";
import { YoutubePlayer } from "./YoutubePlayer";

/** The quiz player is loaded only when a quiz lesson opens. */
const QuizPlayer = lazy(() => import("./QuizPlayer"));

interface Props {
  lesson: LessonDto;
  /** The lesson's chapter is kept on this device: its video plays from there (the full file, no data spent). */
  keptOnDevice?: boolean;
  post: (extra: ProgressExtra) => Promise<ProgressAnswerDto>;
  expired: boolean;
  onMediaError?: () => void;
}

/** The player of an unlocked lesson, by content type (SPEC §3). */
export function LessonMedia({ lesson, keptOnDevice = false, post, expired, onMediaError }: Props) {
  const lite = useLite().on;
  const videos = lesson.content_videos;
  // Lite mode streams the video's lowest-quality rendition when it has one; a video kept on the device costs no data.
  const url = videos && lite && !keptOnDevice && videos.lite_url ? videos.lite_url : videos?.url;
  switch (lesson.type.id) {
    case CONTENT_TYPE.protectedVideo.id:
    case CONTENT_TYPE.recording.id:
      if (url) return <VideoPlayer key={`${lesson.id}-${url}`} lesson={lesson} url={url} post={post} expired={expired} onMediaError={onMediaError} />;
      break;
    case CONTENT_TYPE.youtube.id:
      if (url) return <YoutubePlayer key={lesson.id} lesson={lesson} url={url} post={post} />;
      break;
    case CONTENT_TYPE.magazine.id:
      if (lesson.pages?.length) return <MagazineViewer key={lesson.id} lesson={lesson} pages={lesson.pages} post={post} />;
      break;
    case CONTENT_TYPE.quiz.id:
      if (lesson.content_qcm_id !== null)
        return (
          <Suspense fallback={<Skeleton h={320} radius="md" />}>
            <QuizPlayer key={lesson.id} lesson={lesson} quizId={lesson.content_qcm_id} />
          </Suspense>
        );
      break;
    default:
      return (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Trans>Ce contenu n'est pas encore disponible dans l'application.</Trans>
        </Alert>
      );
  }
  return (
    <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Trans>Le contenu de cette leçon est indisponible pour le moment.</Trans>
    </Alert>
  );
}
