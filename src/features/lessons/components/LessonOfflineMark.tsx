import "@mantine/core/styles/Tooltip.css";
import { Tooltip, VisuallyHidden } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { IconDeviceMobileCheck, IconWifi } from "@tabler/icons-react";
import { CONTENT_TYPE, type ContentTypeId } from "@domain/learning";
import { useLessonOfflineState } from "../offline/keepChapter";

interface Props {
  subject: string;
  chapter: string;
  lesson: string;
  typeId: ContentTypeId;
}

/**
 * Whether a lesson opens without a connection: "on this device" when its chapter is kept (and it could be kept),
 * "needs a connection" otherwise — YouTube lessons and quizzes always.
 */
export function LessonOfflineMark({ subject, chapter, lesson, typeId }: Props) {
  const { t } = useLingui();
  const state = useLessonOfflineState(subject, chapter, lesson);
  const onDevice = state === "device" && typeId !== CONTENT_TYPE.youtube.id && typeId !== CONTENT_TYPE.quiz.id;
  const label = onDevice ? t`Disponible hors ligne sur cet appareil` : t`Nécessite une connexion`;
  return (
    <Tooltip label={label} withinPortal>
      <span data-testid="lesson-offline" data-offline={onDevice ? "device" : "connection"} style={{ display: "inline-flex", flex: "none" }}>
        {onDevice ? (
          <IconDeviceMobileCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
        ) : (
          <IconWifi size={16} color="var(--mantine-color-gray-6)" aria-hidden />
        )}
        <VisuallyHidden>{label}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
