import type { CSSProperties, ReactNode } from "react";
import { Button, Skeleton, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBook2, IconChartBar, IconClockHour4, IconSchool, IconUserEdit, IconWallet } from "@tabler/icons-react";
import { aggregateProgress } from "@domain/learning";
import { hasPlaceholderName, type Me } from "@domain/user";
import { useFormatMillimes, useFormatNumber, usePointsWord, useTokensWord } from "@/lib/i18n/labels";
import type { AppPath } from "@/lib/links";
import { refName } from "@/lib/reference";
import { subjectsQueryOptions } from "@/lib/subjects";
import { usePercent } from "./format";
import classes from "./MiniPanel.module.css";

type PanelMe = Pick<Me, "name" | "last_name" | "division" | "points" | "gift_point" | "freeHours" | "permissions">;

function Tile({ icon, label, children, to, testId }: { icon: ReactNode; label: ReactNode; children: ReactNode; to?: AppPath; testId: string }) {
  const inner = (
    <>
      <span className={classes.label}>
        {icon}
        {label}
      </span>
      {children}
    </>
  );
  return to ? (
    <Link to={to} className={classes.tile} data-testid={testId}>
      {inner}
    </Link>
  ) : (
    <div className={classes.tile} data-testid={testId}>
      {inner}
    </div>
  );
}

function Bar({ value }: { value: number }) {
  return (
    <div className={classes.bar} aria-hidden>
      <div className={classes.barFill} style={{ inlineSize: `${Math.min(100, Math.max(0, value))}%` }} />
    </div>
  );
}

/**
 * The mini panel at the top of the home (SPEC §2): the greeting and the pupil's class, then one tile each for the
 * points balance (to the wallet), the free hours left when the pupil has some, the number of subjects and the
 * overall progress. Tiles have a fixed height: the subject figures fill in without moving anything. `classMode` (a
 * class tablet, issue 23 kiosk): no points tile.
 */
export function MiniPanel({ me, classMode = false }: { me: PanelMe; classMode?: boolean }) {
  const { i18n } = useLingui();
  const fmt = useFormatNumber();
  const pointsWord = usePointsWord(me.points);
  const tokensWord = useTokensWord(me.gift_point);
  const subjects = useQuery(subjectsQueryOptions());
  const firstName = me.name;
  // An operator's subscriber has no name of their own yet ("Abonné Ooredoo"): no "Bonjour Abonné", a prompt instead.
  const nameMissing = hasPlaceholderName(me);
  const points = useFormatMillimes()(me.points);
  const tokens = fmt(me.gift_point);

  const free = me.freeHours;
  const freeLeftHours = free ? Math.round(Math.max(0, free.total_seconds - free.used_seconds) / 360) / 10 : 0;
  const freeLeft = fmt(freeLeftHours);
  const freeTotal = free ? fmt(Math.round(free.total_seconds / 360) / 10) : "";
  const freeLeftPct = free && free.total_seconds > 0 ? (100 * Math.max(0, free.total_seconds - free.used_seconds)) / free.total_seconds : 0;

  const list = subjects.data ?? [];
  const count = fmt(list.length);
  const overall = aggregateProgress(list.map((s) => s.progress));
  const percent = usePercent();
  const tiles = (free ? 4 : 3) - (classMode ? 1 : 0);

  return (
    <section className={classes.panel} aria-labelledby="home-greeting" data-testid="home-mini-panel">
      <div className={classes.head}>
        <Title order={1} fz={{ base: "h3", sm: "h2" }} id="home-greeting" c="white">
          {nameMissing ? <Trans>Bonjour !</Trans> : <Trans>Bonjour {firstName}</Trans>}
        </Title>
        <span className={classes.classChip} data-testid="home-panel-class">
          <IconSchool size={16} aria-hidden />
          {me.division ? refName(me.division, i18n.locale) : <Trans>Classe non renseignée</Trans>}
        </span>
      </div>

      {nameMissing && (
        <div className={classes.namePrompt} data-testid="home-name-prompt">
          <Text size="sm" c="white">
            <Trans>Comment vous appelez-vous ? Ajoutez votre prénom et votre nom à votre profil.</Trans>
          </Text>
          <Button component={Link} to="/mon-profil/edit" variant="white" color="darsi.8" size="sm" leftSection={<IconUserEdit size={16} aria-hidden />}>
            <Trans>Compléter mon nom</Trans>
          </Button>
        </div>
      )}

      <div className={classes.tiles} style={{ "--tiles": tiles } as CSSProperties}>
        {!classMode && (
          <Tile icon={<IconWallet size={16} aria-hidden />} label={<Trans>Porte monnaie</Trans>} to="/porte-monnaie" testId="home-points-tile">
            <span className={classes.value} data-testid="home-points">
              {points}
              <span className={classes.unit}>{pointsWord}</span>
            </span>
            {me.permissions.eligibleUserForGift ? (
              <span className={classes.sub}>
                <Trans>
                  Parrainage : {tokens} {tokensWord}
                </Trans>
              </span>
            ) : (
              <span className={classes.sub}>
                <Trans>1 point = 1 DT</Trans>
              </span>
            )}
          </Tile>
        )}

        {free && (
          <Tile icon={<IconClockHour4 size={16} aria-hidden />} label={<Trans>Heures gratuites</Trans>} testId="home-free-hours">
            <span className={classes.value}>
              <Trans>
                {freeLeft}
                <span className={classes.unit}>h restantes</span>
              </Trans>
            </span>
            <span className={classes.sub}>
              <Trans>sur {freeTotal} h</Trans>
            </span>
            <Bar value={freeLeftPct} />
          </Tile>
        )}

        <Tile icon={<IconBook2 size={16} aria-hidden />} label={<Trans>Matières</Trans>} to="/subjects" testId="home-subjects-count">
          {subjects.isPending ? (
            <Skeleton h={26} w={40} radius="sm" opacity={0.5} />
          ) : (
            <span className={classes.value}>{count}</span>
          )}
          <span className={classes.sub}>
            <Trans>Voir mes matières</Trans>
          </span>
        </Tile>

        <Tile icon={<IconChartBar size={16} aria-hidden />} label={<Trans>Progression globale</Trans>} testId="home-overall-progress">
          {subjects.isPending ? (
            <Skeleton h={26} w={56} radius="sm" opacity={0.5} />
          ) : (
            <span className={classes.value}>{percent(overall)}</span>
          )}
          <Bar value={overall} />
        </Tile>
      </div>
    </section>
  );
}
