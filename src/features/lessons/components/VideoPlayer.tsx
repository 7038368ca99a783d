import { useEffect, useRef } from "react";
import type { LessonDto } from "@domain/learning";
import { ProgressTracker } from "../progress/tracker";
import type { ProgressExtra } from "../progress/useProgressPoster";
import type { ProgressAnswer } from "../api/postProgress";
import classes from "./lessons.module.css";

interface Props {
  lesson: LessonDto;
  url: string;
  post: (extra: ProgressExtra) => Promise<ProgressAnswer>;
  /** Free hours used up: the video stays paused. */
  expired: boolean;
}

/**
 * Protected video and recording: the browser's player on the signed same-origin URL, resuming at the last
 * watched second. Watched ranges are posted every 50 counted seconds, on pause and end, when the page is
 * hidden and when leaving the lesson; a failed post keeps its ranges for the next one.
 */
export function VideoPlayer({ lesson, url, post, expired }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  // Latest values for the listeners, without re-subscribing them (one tracker per lesson).
  const postRef = useRef(post);
  const expiredRef = useRef(expired);
  const resumeAt = lesson.progress?.lastWatchedSecond ?? 0;
  const resumeRef = useRef(resumeAt);
  useEffect(() => {
    postRef.current = post;
    expiredRef.current = expired;
    resumeRef.current = resumeAt;
    if (expired) ref.current?.pause();
  });

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const tracker = new ProgressTracker();
    const flush = () => {
      const batch = tracker.take();
      if (!batch) return;
      postRef
        .current({
          ranges: batch.ranges as Array<[number, number]>,
          position: Math.floor(tracker.position),
          watchedTime: Math.round(batch.watchedSeconds),
          totalWatched: Math.round(tracker.totalSeconds),
        })
        .then((answer) => {
          if (answer.expired) video.pause();
        })
        .catch(() => tracker.restore(batch));
    };
    const onTime = () => {
      if (video.paused || video.seeking) return;
      if (tracker.tick(video.currentTime)) flush();
    };
    const onSeeking = () => tracker.seek(video.currentTime);
    const onStop = () => {
      tracker.pause();
      flush();
    };
    const onPlay = () => {
      if (expiredRef.current) video.pause();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    const onMeta = () => {
      const resumeAt = resumeRef.current;
      if (resumeAt > 0 && (!Number.isFinite(video.duration) || resumeAt < video.duration - 1)) video.currentTime = resumeAt;
    };
    const listening = new AbortController();
    const { signal } = listening;
    video.addEventListener("timeupdate", onTime, { signal });
    video.addEventListener("seeking", onSeeking, { signal });
    video.addEventListener("pause", onStop, { signal });
    video.addEventListener("ended", onStop, { signal });
    video.addEventListener("play", onPlay, { signal });
    video.addEventListener("loadedmetadata", onMeta, { signal });
    document.addEventListener("visibilitychange", onVisibility, { signal });
    return () => {
      listening.abort();
      // Leaving the lesson: what was watched since the last post goes now.
      tracker.pause();
      flush();
    };
    // One tracker per lesson and media URL.
  }, [lesson.id, url]);

  return (
    <div className={classes.stage}>
      <video ref={ref} className={classes.video} src={url} controls playsInline preload="metadata" title={lesson.name} aria-label={lesson.name} data-testid="lesson-video" />
    </div>
  );
}
