import { Trans, useLingui } from "@lingui/react/macro";
import { Paper, Title, VisuallyHidden } from "@mantine/core";
import { IconCircleCheckFilled, IconLock, IconPlayerPlay } from "@tabler/icons-react";
import { isCompleted, type LessonListItemDto } from "@domain/learning";
import type { ViewerKind } from "../lessons.keys";
import { LessonOfflineMark } from "./LessonOfflineMark";
import { localized } from "@/lib/localized";
import { ViewerLink } from "./ViewerLink";
import classes from "./lessons.module.css";

/** A list item is done when the API says so or above 80 % (SPEC §4). */
const itemDone = (item: Pick<LessonListItemDto, "completed" | "percentage">) => item.completed || isCompleted(item.percentage);

/** The chapter's lessons: check mark when done, play icon otherwise, lock when locked; the current one highlighted. */
export function LessonList({ kind, subject, chapter, items, current }: { kind: ViewerKind; subject: string; chapter: string; items: readonly LessonListItemDto[]; current: string }) {
  const { t, i18n } = useLingui();
  return (
    <Paper withBorder radius="md" p="sm" component="nav" aria-label={t`Leçons du chapitre`}>
      <Title order={2} fz="md" mb="xs" px={4}>
        <Trans>Leçons du chapitre</Trans>
      </Title>
      <ol className={classes.list}>
        {items.map((item) => {
          const done = itemDone(item);
          return (
            <li key={item.id}>
              <ViewerLink
                kind={kind}
                subject={subject}
                chapter={chapter}
                lesson={item.slug}
                className={classes.item}
                aria-current={item.slug === current ? "page" : undefined}
                data-testid="lesson-item"
              >
                {item.locked ? (
                  <IconLock size={18} className={classes.locked} aria-hidden data-testid="icon-locked" />
                ) : done ? (
                  <IconCircleCheckFilled size={18} className={classes.done} aria-hidden data-testid="icon-done" />
                ) : (
                  <IconPlayerPlay size={18} className={classes.todo} aria-hidden data-testid="icon-play" />
                )}
                <span className={classes.itemName} dir="auto">
                  {localized(item, i18n.locale)}
                </span>
                {!item.locked && <LessonOfflineMark subject={subject} chapter={chapter} lesson={item.slug} typeId={item.type.id} />}
                <VisuallyHidden>{item.locked ? t`verrouillée` : done ? t`terminée` : t`non terminée`}</VisuallyHidden>
              </ViewerLink>
            </li>
          );
        })}
      </ol>
    </Paper>
  );
}

