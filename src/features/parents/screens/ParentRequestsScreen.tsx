import "@mantine/core/styles/Card.css";
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "@/lib/format";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { myParentRequestsQueryOptions } from "../api/getMyParentRequests";
import { ParentRequestStatus } from "../components/ParentRequestStatus";
import { PersonName } from "@/lib/displayName";

/** The pupil's `/liste-des-demandes-parentales`: the parent requests about them, with each one's answer. */
export function ParentRequestsScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Demandes parentales`);
  const { data } = useSuspenseQuery(myParentRequestsQueryOptions);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Demandes parentales</Trans>
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed" data-testid="my-parent-requests-empty">
          <Trans>Aucune demande parentale</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {data.map((r) => {
            const date = formatDate(r.created_at);
            return (
            <li key={r.id} data-testid="my-parent-request" data-request-id={r.id}>
              <Card withBorder radius="md" padding="sm">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={600}>
                      <PersonName name={r.parent_user.name} lastName={r.parent_user.last_name} />
                    </Text>
                    <Text size="sm" c="dimmed">
                      <Trans>Demande du {date}</Trans>
                    </Text>
                  </Stack>
                  <ParentRequestStatus approved={r.approved} />
                </Group>
                {r.approved === null && (
                  <Text size="sm" mt="xs">
                    <Trans>En attente de la réponse de votre parent.</Trans>
                  </Text>
                )}
              </Card>
            </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
