import { useEffect, useState } from "react";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBrandYoutube, IconCheck, IconRefresh, IconWifiOff } from "@tabler/icons-react";
import { isCompleted, type LessonDto, type ProgressAnswerDto } from "@domain/learning";
import type { ProgressExtra } from "../progress/useProgressPoster";
import { localized } from "@/lib/localized";
import { toast } from "@/lib/toast";
import classes from "./lessons.module.css";

/** The YouTube id of a watch, short, embed or nocookie URL (or a bare id); null if none. */
function youtubeId(url: string): string | null {
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

/** How long the reachability probe waits for YouTube before saying it cannot load. */
const PROBE_TIMEOUT_MS = 12_000;

type Reach = "checking" | "ok" | "failed";

/**
 * Whether YouTube can be reached, for attempt `attempt`: the frame itself cannot tell (a frame that fails to load
 * still fires `load`, with the browser's error page, and its content is another origin's), so the video's thumbnail
 * on i.ytimg.com is loaded as an image (allowed by the CSP's img-src), never shown.
 */
function useYoutubeReach(id: string | null, attempt: number): Reach {
  const [result, setResult] = useState<{ attempt: number; reach: Reach } | null>(null);
  useEffect(() => {
    if (!id) return;
    let settled = false;
    const img = new Image();
    const finish = (reach: Reach) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      setResult({ attempt, reach });
    };
    const timer = window.setTimeout(() => finish("failed"), PROBE_TIMEOUT_MS);
    img.onload = () => finish("ok");
    img.onerror = () => finish("failed");
    img.src = `https://i.ytimg.com/vi/${id}/default.jpg`;
    return () => {
      settled = true;
      window.clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
    };
  }, [id, attempt]);
  return result?.attempt === attempt ? result.reach : "checking";
}

/**
 * A YouTube lesson in the privacy-enhanced player (youtube-nocookie). The CSP forbids YouTube's player API
 * script, so the app cannot see what is watched: the pupil marks the lesson as seen, which posts 100 %. When YouTube
 * cannot be reached (blocked, or no connection to it), the stage says so, with "Réessayer" and a link to open the video
 * on YouTube.
 */
export function YoutubePlayer({ lesson, url, post }: { lesson: LessonDto; url: string; post: (extra: ProgressExtra) => Promise<ProgressAnswerDto> }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const id = youtubeId(url);
  const [saving, setSaving] = useState(false);
  const [seen, setSeen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reach = useYoutubeReach(online ? id : null, attempt);
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
        {id && online && reach === "failed" ? (
          <Stack className={classes.stageMessage} gap="sm" align="center" justify="center" ta="center" p="md" role="alert" data-testid="lesson-youtube-failed">
            <Text c="white" fw={600}>
              <Trans>La vidéo YouTube n'a pas pu être chargée. Vérifiez votre connexion, puis réessayez.</Trans>
            </Text>
            <Group gap="sm" justify="center">
              <Button variant="white" color="dark" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setAttempt((n) => n + 1)}>
                <Trans>Réessayer</Trans>
              </Button>
              <Button
                component="a"
                href={`https://www.youtube.com/watch?v=${id}`}
                target="_blank"
                rel="noopener noreferrer"
                variant="outline"
                color="gray.0"
                leftSection={<IconBrandYoutube size={16} aria-hidden />}
              >
                <Trans>Ouvrir sur YouTube</Trans>
              </Button>
            </Group>
          </Stack>
        ) : id ? (
          <iframe
            key={attempt}
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
          <Text size="sm" fw={600} c="teal.9" className={classes.seen} data-testid="lesson-seen">
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
