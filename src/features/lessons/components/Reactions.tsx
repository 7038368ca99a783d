import { Button, Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { IconHeart, IconHeartFilled, IconMoodSad, IconMoodSadFilled } from "@tabler/icons-react";
import type { SettableReaction } from "@domain/schemas/analytics";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { reactionsQueryOptions } from "../api/getReactions";
import { useSetReaction } from "../api/setReaction";

interface Props {
  contentId: number;
  /** A locked lesson: no counts are fetched and pressing warns instead of acting. */
  locked: boolean;
}

/** Love and sad reactions with their counts (SPEC §4): pressing the active one clears it; optimistic. */
export function Reactions({ contentId, locked }: Props) {
  const { t, i18n } = useLingui();
  const { data } = useQuery({ ...reactionsQueryOptions(contentId), enabled: !locked });
  const mutation = useSetReaction(contentId);
  const mine = data?.reaction_type ?? "none";

  const press = (type: Exclude<SettableReaction, "none">) => {
    if (locked) {
      toast.warning(t`Vous devez débloquer d'abord ce cours`);
      return;
    }
    mutation.mutate(mine === type ? "none" : type, { onError: (err) => toast.error(describeError(i18n, err)) });
  };

  const buttons = [
    { type: "love" as const, label: t`J'adore`, Icon: IconHeart, Active: IconHeartFilled, color: "red" },
    { type: "sad" as const, label: t`Triste`, Icon: IconMoodSad, Active: IconMoodSadFilled, color: "blue" },
  ];
  return (
    <Group gap="xs" role="group" aria-label={t`Réactions`} data-testid="reactions">
      {buttons.map(({ type, label, Icon, Active, color }) => {
        const active = mine === type;
        const count = data?.counts[type];
        return (
          <Button
            key={type}
            variant={active ? "filled" : "light"}
            color={active ? color : "gray"}
            radius="xl"
            size="compact-md"
            leftSection={active ? <Active size={18} aria-hidden /> : <Icon size={18} aria-hidden />}
            aria-pressed={active}
            aria-label={count === undefined ? label : `${label} (${count})`}
            title={label}
            onClick={() => press(type)}
            data-testid={`reaction-${type}`}
          >
            <span style={{ fontVariantNumeric: "tabular-nums" }} data-testid={`reaction-${type}-count`}>
              {count ?? "–"}
            </span>
          </Button>
        );
      })}
    </Group>
  );
}
