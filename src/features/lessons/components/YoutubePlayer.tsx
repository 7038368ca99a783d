import { useEffect, useState } from "react";
import { Alert, Button, Group, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCheck, IconWifiOff } from "@tabler/icons-react";
import { isCompleted, type LessonDto } from "@domain/learning";
import type { ProgressExtra } from "../progress/useProgressPoster";
import type { ProgressAnswer } from "../api/postProgress";
import { localized } from "@/lib/localized";
import { toast } from "@/lib/toast";
import classes from "./lessons.module.css";

/** The YouTube id of a watch, short, embed or nocookie URL (or a bare id); null if none. */
export function youtubeId(url: string): string | null {
  if (/^[\w-]{11}$/.test(url)) return url;
  try {
    const u = new URL(url, "https://www.youtube.com");
    const v = u.searchParams.get("v");
    if (v && /^[\w-]{11}$/.test(v)) return v;
    const m = /(?:embed|shorts|live|v)\/([\w-]{11})|youtu\.be\/([\w-]{11})/.exec(u.href);
    return m?.[1] ?? m?.[2] ?? null;
  } catch {
    return null;
  }
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * A YouTube lesson in the privacy-enhanced player (youtube-nocookie). The CSP forbids YouTube's player API
 * script, so the app cannot see what is watched: the pupil marks the lesson as seen, which posts 100 %.
 */
export function YoutubePlayer({ lesson, url, post }: { lesson: LessonDto; url: string; post: (extra: ProgressExtra) => Promise<ProgressAnswer> }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const id = youtubeId(url);
  const [saving, setSaving] = useState(false);
  const [seen, setSeen] = useState(false);
  // A lesson already completed is seen: no button to mark it again.
  const done = seen || Boolean(lesson.progress?.completed) || isCompleted(lesson.progress?.percentage ?? 0);
  const markSeen = async () => {
    setSaving(true);
    try {
      await post({ percentage: 100, completed: true });
      setSeen(true);
    } catch {
      toast.error(t`La progression n'a pas pu être enregistrée, réessayez.`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div>
      {!online && (
        <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />} mb="sm" role="status">
          <Trans>Cette vidéo nécessite une connexion Internet</Trans>
        </Alert>
      )}
      <div className={classes.stage}>
        {id ? (
          <iframe
            className={classes.iframe}
            src={`https://www.youtube-nocookie.com/embed/${id}?rel=0`}
            title={localized(lesson, i18n.locale)}
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            data-testid="lesson-youtube"
          />
        ) : (
          <Text c="white" p="md">
            <Trans>Cette vidéo est indisponible.</Trans>
          </Text>
        )}
      </div>
      <Group justify="flex-end" mt="xs">
        {done ? (
          <Text size="sm" fw={600} c="teal.8" className={classes.seen} data-testid="lesson-seen">
            <IconCheck size={16} aria-hidden />
            <Trans>Vue</Trans>
          </Text>
        ) : (
          <Button variant="light" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void markSeen()} loading={saving}>
            <Trans>Marquer comme vu</Trans>
          </Button>
        )}
      </Group>
    </div>
  );
}
