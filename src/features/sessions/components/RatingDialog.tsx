import { useState } from "react";
import { Button, Group, Modal, Stack, Text, Textarea, UnstyledButton } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { RATING_TOAST_MS } from "@domain/constants";
import { REVIEW_COMMENT_MAX, type RateableDto } from "@domain/events";
import { describeError } from "@/lib/i18n/errors";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { toast } from "@/lib/toast";
import { declineRating } from "../api/declineRating";
import { postReview } from "../api/postReview";
import { sessionsKeys } from "../sessions.keys";
import classes from "./sessions.module.css";

const EMOJIS = ["😞", "😟", "😐", "😊", "😍"] as const;

/**
 * The live-session rating dialog (SPEC §2): an emoji rating 1 to 5, an optional comment, or "Je ne veux pas noter".
 * Either answer is final (the session leaves the rateables); closing only hides it for now.
 */
export default function RatingDialog({ rateable, onDone }: { rateable: RateableDto; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState<"rate" | "decline" | null>(null);
  const words = [t`Très décevante`, t`Décevante`, t`Correcte`, t`Bien`, t`Excellente`];
  const eventId = rateable.content_event.id;

  const finish = async (kind: "rate" | "decline") => {
    setBusy(kind);
    try {
      if (kind === "rate") {
        if (rating === null) return;
        await postReview({ content_event_id: eventId, rating, comment: comment.trim() || null });
        toast.show({ color: "teal", message: t`Merci pour votre évaluation !`, autoClose: RATING_TOAST_MS });
      } else {
        await declineRating(eventId);
      }
      void queryClient.invalidateQueries({ queryKey: sessionsKeys.rateables() });
      onDone();
    } catch (err) {
      toast.warning(describeError(i18n, err));
      void queryClient.invalidateQueries({ queryKey: sessionsKeys.rateables() });
      onDone();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened onClose={onDone} title={t`Comment s'est passée la séance ?`} centered closeButtonProps={{ "aria-label": t`Fermer` }}>
      <Stack gap="md" data-testid="rating-dialog">
        <Text size="sm">
          <bdi>{l(rateable.content_event.content)}</bdi> · {formatDate(rateable.content_event.start_date)}
        </Text>
        <div role="radiogroup" aria-label={t`Votre note`}>
          <Group gap={4} justify="center" wrap="nowrap">
            {EMOJIS.map((emoji, i) => {
              const value = i + 1;
              return (
                <UnstyledButton
                  key={value}
                  role="radio"
                  aria-checked={rating === value}
                  aria-label={`${value} / 5 : ${words[i]}`}
                  className={classes.emoji}
                  data-testid={`rating-${value}`}
                  onClick={() => setRating(value)}
                  style={{
                    borderRadius: 12,
                    opacity: rating === null || rating === value ? 1 : 0.45,
                    outline: rating === value ? "2px solid var(--mantine-color-blue-6)" : undefined,
                  }}
                >
                  <span aria-hidden>{emoji}</span>
                </UnstyledButton>
              );
            })}
          </Group>
        </div>
        <Text size="sm" ta="center" c="dimmed" aria-live="polite">
          {rating === null ? t`Choisissez une note` : words[rating - 1]}
        </Text>
        <Textarea
          label={t`Commentaire (facultatif)`}
          value={comment}
          maxLength={REVIEW_COMMENT_MAX}
          rows={3}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group justify="space-between" wrap="wrap">
          <Button variant="subtle" color="gray" loading={busy === "decline"} disabled={busy !== null} onClick={() => void finish("decline")} data-testid="rating-decline">
            <Trans>Je ne veux pas noter</Trans>
          </Button>
          <Button loading={busy === "rate"} disabled={rating === null || busy !== null} onClick={() => void finish("rate")} data-testid="rating-submit">
            <Trans>Envoyer</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
