import "@mantine/core/styles/Card.css";
import { lazy, useState } from "react";
import { Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ParentRequestDto } from "@domain/account";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { parentInboxQueryOptions } from "../api/getParentInbox";
import { ParentRequestConfirmModal } from "../components/ParentRequestConfirmModal";
import { ParentRequestStatus } from "../components/ParentRequestStatus";
import { OnDemand } from "@/components/OnDemand";
import { PersonName, useNameOf } from "@/lib/displayName";

/** A child's activity charts and their library: loaded when the block nears the screen. */
const ActivityChildBlock = lazy(() =>
  import("../components/ActivityChildBlock").then((m) => ({
    default: m.ActivityChildBlock,
  })),
);

/**
 * A parent's own space (`/request-parent-user-children`, SPEC §1 and §6 "Parent"): the children linked to the account
 * (approved requests) with each one's activity charts (read-only, the pupil's own charts), and the requests to approve or
 * refuse, each answered once through the confirmation dialog.
 */
export function ParentSpaceScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Espace parent`);
  const l = useLocalized();
  const nameOf = useNameOf();
  const { data } = useSuspenseQuery(parentInboxQueryOptions);
  const [answering, setAnswering] = useState<{
    request: ParentRequestDto;
    approve: boolean;
  } | null>(null);
  const children = data.filter((r) => r.approved === true);
  const requests = data;

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Espace parent</Trans>
      </Title>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="children-title" data-testid="parent-children">
        <Stack gap="sm">
          <Title order={2} fz="h3" id="children-title">
            <Trans>Mes enfants</Trans>
          </Title>
          {children.length === 0 ? (
            <Text c="dimmed" data-testid="parent-children-empty">
              <Trans>Aucun enfant lié à votre compte pour le moment</Trans>
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {children.map((r) => (
                <li key={r.id} data-testid="parent-child">
                  <Card withBorder radius="md" padding="sm">
                    <Text fw={600}>
                      <PersonName name={r.child_user.name} lastName={r.child_user.last_name} />
                    </Text>
                    {r.child_user.division && (
                      <Text size="sm" c="dimmed">
                        {l(r.child_user.division)}
                      </Text>
                    )}
                    <OnDemand minHeight={560} testId="parent-child-activity-loading">
                      <ActivityChildBlock childId={r.child_user.id} />
                    </OnDemand>
                  </Card>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="requests-title" data-testid="parent-requests">
        <Stack gap="sm">
          <Title order={2} fz="h3" id="requests-title">
            <Trans>Demandes</Trans>
          </Title>
          {requests.length === 0 ? (
            <Text c="dimmed" data-testid="parent-requests-empty">
              <Trans>Aucune demande pour le moment</Trans>
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {requests.map((r) => {
                const child = nameOf(r.child_user.name, r.child_user.last_name);
                const date = formatDate(r.created_at);
                return (
                  <li key={r.id} data-testid="parent-request" data-request-id={r.id}>
                    <Card withBorder radius="md" padding="sm">
                      <Stack gap="xs">
                        <Group justify="space-between" gap="xs" wrap="wrap">
                          <Text fw={600}>
                            <PersonName name={r.child_user.name} lastName={r.child_user.last_name} />
                          </Text>
                          <ParentRequestStatus approved={r.approved} />
                        </Group>
                        <Text size="sm" c="dimmed">
                          {r.child_user.division ? `${l(r.child_user.division)} · ` : ""}
                          <Trans>Demande du {date}</Trans>
                        </Text>
                        {r.approved === null && (
                          <Group gap="sm">
                            <Button
                              color="teal.9"
                              onClick={() => setAnswering({ request: r, approve: true })}
                              aria-label={t`Approuver la demande de ${child}`}
                              data-testid="parent-request-approve"
                            >
                              <Trans>Approuver</Trans>
                            </Button>
                            <Button
                              variant="outline"
                              color="red.8"
                              onClick={() => setAnswering({ request: r, approve: false })}
                              aria-label={t`Refuser la demande de ${child}`}
                              data-testid="parent-request-refuse"
                            >
                              <Trans>Refuser</Trans>
                            </Button>
                          </Group>
                        )}
                      </Stack>
                    </Card>
                  </li>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Paper>
      {answering && <ParentRequestConfirmModal request={answering.request} approve={answering.approve} onClose={() => setAnswering(null)} />}
    </Stack>
  );
}
