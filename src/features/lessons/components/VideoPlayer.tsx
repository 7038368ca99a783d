import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { LessonDto, ProgressAnswerDto } from "@domain/learning";
import { useLite } from "@/lib/lite";
import { useLocalized } from "@/lib/localized";
import { meQueryOptions } from "@/lib/me";
import { getSession } from "@/lib/session";
import { ProgressSocket, progressSocketUrl } from "../progress/socket";
import { ProgressTracker } from "../progress/tracker";
import type { ProgressExtra } from "../progress/useProgressPoster";
import classes from "./lessons.module.css";

interface Props {
  lesson: LessonDto;
  url: string;
  post: (extra: ProgressExtra) => Promise<ProgressAnswerDto>;
  /** Free hours used up: the video stays paused. */
  expired: boolean;
  /** The media could not be loaded (a refused link, e.g. free hours used up meanwhile): the screen asks the lesson again. */
  onMediaError?: () => void;
}

/** While the video plays, the profile (free hours, offers) is fetched again this often (SPEC §9: 80 s). */
const PROFILE_POLL_MS = 80_000;

/**
 * Protected video and recording: the browser's player on the signed same-origin URL, resuming at the last
 * watched second. Watched ranges are posted every 50 counted seconds, on pause and end, when the page is
 * hidden and when leaving the lesson; a failed post keeps its ranges for the next one. The progress websocket
 * tells the live position (every 5 s while playing, on pause and on a skip forward), so the pupil resumes there
 * even if the tab dies between two posts. While the video plays, the profile is polled every 80 s so that free
 * hours and offers stay fresh.
 */
export function VideoPlayer({ lesson, url, post, expired, onMediaError }: Props) {
  const name = useLocalized()(lesson);
  // Lite mode: not a byte of the video before the pupil presses play (the resume position is set once it loads).
  const lite = useLite().on;
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  useQuery({ ...meQueryOptions, refetchInterval: playing ? PROFILE_POLL_MS : false });
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
    const lessonId = lesson.id;
    const socket = new ProgressSocket({
      url: () => {
        const session = getSession();
        return session ? progressSocketUrl(lessonId, session.token) : null;
      },
      position: () => video.currentTime,
    });
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
    const onSeeking = () => {
      const from = tracker.position;
      tracker.seek(video.currentTime);
      if (video.currentTime > from + 0.5) socket.skipForward();
      else if (video.currentTime < from - 0.5) socket.seekBack();
    };
    const onStop = () => {
      setPlaying(false);
      socket.pause();
      tracker.pause();
      flush();
    };
    const onPlay = () => {
      if (expiredRef.current) {
        video.pause();
        return;
      }
      setPlaying(true);
      socket.play();
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
      socket.dispose();
      // Leaving the lesson: what was watched since the last post goes now.
      tracker.pause();
      flush();
    };
    // One tracker per lesson and media URL.
  }, [lesson.id, url]);

  return (
    <div className={classes.stage}>
      {/* Never autoplayed, lite mode or not: the pupil starts the video. */}
      <video
        ref={ref}
        className={classes.video}
        src={url}
        controls
        playsInline
        autoPlay={false}
        preload={lite ? "none" : "metadata"}
        title={name}
        aria-label={name}
        data-testid="lesson-video"
        data-lite={lite || undefined}
        onError={onMediaError}
      />
    </div>
  );
}
