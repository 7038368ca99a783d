import "@mantine/core/styles/Card.css";
import { useEffect } from "react";
import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { messageQueryOptions } from "../api/getMessage";
import { notificationsKeys } from "../notifications.keys";

/** `/inbox/{id}`: one message of the pupil (opening it marks it seen, so the menu's count drops). */
export function MessageScreen({ id }: { id: number }) {
  const { t } = useLingui();
  const { data: m, dataUpdatedAt } = useSuspenseQuery(messageQueryOptions(id));
  const l = useLocalized();
  const name = l(m.message);
  const queryClient = useQueryClient();
  useDocumentTitle(name);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.messagesUnread() });
    void queryClient.invalidateQueries({ queryKey: [...notificationsKeys.messages, "list"] });
  }, [queryClient, id]);
  return (
    <Stack maw={760} mx="auto" w="100%" gap="md">
      <Anchor component={Link} to="/" size="sm">
        {t`Retour à l'accueil`}
      </Anchor>
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      <Card withBorder padding="lg" radius="md" component="article" aria-labelledby="message-title">
        <Title order={1} size="h3" id="message-title" dir="auto">
          {name}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {formatDate(m.message.created_at)}
        </Text>
        <Text mt="md" style={{ whiteSpace: "pre-line" }} dir="auto" data-testid="message-body">
          {l(m.message, "body")}
        </Text>
      </Card>
    </Stack>
  );
}
