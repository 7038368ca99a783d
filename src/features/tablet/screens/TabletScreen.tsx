import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Pagination.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/PinInput.css";
import { useDeferredValue, useEffect, useState } from "react";
import { Alert, Avatar, Button, Container, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput, Title, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { TabletPupilDto, TabletSessionDto } from "@domain/tablet";
import { LanguageLinks } from "@/components/LanguageLinks";
import { Logo } from "@/components/Logo";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { requestFullscreen } from "@/lib/kiosk";
import { setTabletDevice, useTabletDevice, type TabletDevice } from "@/lib/tablet";
import { PersonName } from "@/lib/displayName";
import { useTabletAvatarSrc } from "../api/getPupilAvatar";
import { tabletPupilsQueryOptions } from "../api/getTabletPupils";
import { DisableTablet } from "../components/DisableTablet";
import { EnableTablet } from "../components/EnableTablet";
import { PupilSignIn } from "../components/PupilSignIn";
import { TabletChapters } from "../components/TabletChapters";

/**
 * `/tablette` (issue 23): a device that is not a class tablet takes an activation code; a class tablet shows its class's
 * pupils (16 a page, searchable), each with their unsent work waiting on this tablet, and signs one in with their PIN.
 */
export function TabletScreen({ onSignedIn }: { onSignedIn: (session: TabletSessionDto) => void | Promise<void> }) {
  const device = useTabletDevice();
  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="md" component="header" wrap="nowrap">
        <Logo size={32} />
        <LanguageLinks />
      </Group>
      <main>{device ? <PupilGrid device={device} onSignedIn={onSignedIn} /> : <EnableTablet />}</main>
    </Container>
  );
}

/** Their initials; none for an operator's subscriber without a name (the avatar's own icon then). */
const initials = (p: TabletPupilDto) => `${p.name?.charAt(0) ?? ""}${p.last_name?.charAt(0) ?? ""}`.toUpperCase() || undefined;

function PupilGrid({ device, onSignedIn }: { device: TabletDevice; onSignedIn: (session: TabletSessionDto) => void | Promise<void> }) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const pupils = useQuery(tabletPupilsQueryOptions(device.tablet.id, page, q));
  const [chosen, setChosen] = useState<TabletPupilDto | null>(null);
  const [disabling, setDisabling] = useState(false);
  const className = device.tablet.division_name;
  const pending = usePendingCounts(pupils.data?.pupils ?? []);
  // A revoked tablet forgets its credential and asks for a code again.
  const revoked = pupils.error instanceof ApiRequestError && pupils.error.code === "tablet_required";
  useEffect(() => {
    if (revoked) setTabletDevice(null);
  }, [revoked]);

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <div>
          <Title order={1} size="h2">
            <Trans>Qui es-tu ?</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Tablette de la classe {className}</Trans>
          </Text>
        </div>
        <TextInput
          label={t`Chercher mon nom`}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
      </Group>
      {pupils.isError && !revoked && (
        <Alert color="red" role="alert">
          {describeError(i18n, pupils.error)}
        </Alert>
      )}
      {pupils.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t`Élèves de la classe`}>
          {pupils.data?.pupils.map((p) => {
            const waiting = pending[p.id] ?? 0;
            return (
              <li key={p.id}>
                <UnstyledButton
                  onClick={() => {
                    // The kiosk's full screen, on the tap that browsers require (issue 23, item 5).
                    requestFullscreen();
                    setChosen(p);
                  }}
                  w="100%"
                  p="md"
                  style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-md)", minHeight: 120 }}
                  data-testid="tablet-pupil"
                >
                  <Stack align="center" gap={6}>
                    <PupilAvatar pupil={p} />
                    <Text fw={600} ta="center">
                      <PersonName name={p.name} lastName={p.last_name} />
                    </Text>
                    {waiting > 0 && (
                      <Text size="xs" c="orange.9" ta="center">
                        <Plural value={waiting} one="# envoi en attente" other="# envois en attente" />
                      </Text>
                    )}
                  </Stack>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
      )}
      {pupils.data && pupils.data.pupils.length === 0 && (
        <Text c="dimmed">
          <Trans>Aucun élève ne correspond à cette recherche.</Trans>
        </Text>
      )}
      {pupils.data && pupils.data.lastPage > 1 && (
        <Group justify="center">
          <Pagination
            total={pupils.data.lastPage}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ "aria-label": control === "previous" ? t`Page précédente` : control === "next" ? t`Page suivante` : undefined })}
            getItemProps={(n) => ({ "aria-label": t`Page ${n}` })}
          />
        </Group>
      )}
      <TabletChapters tabletId={device.tablet.id} />
      <Group justify="end">
        <Button variant="subtle" color="gray" onClick={() => setDisabling(true)}>
          <Trans>Désactiver la tablette</Trans>
        </Button>
      </Group>
      {chosen && <PupilSignIn pupil={chosen} onClose={() => setChosen(null)} onSignedIn={onSignedIn} />}
      {disabling && <DisableTablet onClose={() => setDisabling(false)} />}
    </Stack>
  );
}

/** The pupil's photo where they have one (fetched as the tablet), their initials otherwise. */
function PupilAvatar({ pupil }: { pupil: TabletPupilDto }) {
  const src = useTabletAvatarSrc(pupil.avatar);
  return (
    <Avatar src={src} color="darsi.8" variant="filled" radius="xl" size={56} alt="" aria-hidden data-testid={src ? "tablet-pupil-photo" : undefined}>
      {initials(pupil)}
    </Avatar>
  );
}

/** How many unsent items (progress, bookmarks) each pupil of the page left on this tablet, in clear or sealed. */
function usePendingCounts(pupils: TabletPupilDto[]): Record<number, number> {
  const [counts, setCounts] = useState<Record<number, number>>({});
  const ids = pupils.map((p) => p.id).join(",");
  useEffect(() => {
    if (!ids) return;
    let live = true;
    void import("@/lib/offline/vault")
      .then(async ({ waitingCount }) => {
        const entries = await Promise.all(ids.split(",").map(async (id) => [Number(id), await waitingCount(Number(id))] as const));
        if (live) setCounts(Object.fromEntries(entries));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ids]);
  return counts;
}
