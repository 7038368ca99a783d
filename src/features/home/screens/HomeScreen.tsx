import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Skeleton.css";
import { lazy, Suspense, type ReactNode } from "react";
import { Stack } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { useClassMode } from "@/lib/kiosk";
import { meQueryOptions } from "@/lib/me";
import { OnDemand } from "@/components/OnDemand";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { Alerts } from "../components/Alerts";
import { ContentCards } from "../components/ContentCards";
import { ForumWidget } from "../components/ForumWidget";
import { LatestRecordings } from "../components/LatestRecordings";
import { MiniPanel } from "../components/MiniPanel";
import { ProfileOffersCard } from "../components/ProfileOffersCard";
import { ProgressWidget } from "../components/ProgressWidget";
import { PromoSlider } from "../components/PromoSlider";
import { Shortcuts } from "../components/Shortcuts";
import { WelcomeGate } from "../components/WelcomeGate";
import classes from "../components/home.module.css";
import { freeContentsQueryOptions } from "../api/getFreeContents";
import { newContentsQueryOptions } from "../api/getNewContents";

// Today's live sessions: their code loads after the home's first paint (the first-load budget).
const TodaySessions = lazy(() => import("../components/TodaySessions"));

/** The activity charts and their library: loaded when the block nears the screen, never with the home. */
const ACTIVITY_ROOM = 640;
const ActivityWidget = lazy(() =>
  import("../components/ActivityWidget").then((m) => ({
    default: m.ActivityWidget,
  })),
);

/**
 * The home page (/), in the order of SPEC §2: the class's warnings, the mini panel (greeting, class, points, free
 * hours, subjects and overall progress), the ad cards, the widgets (profile and offers, progress, latest recorded
 * courses, forum), the first free and new contents, and shortcuts. The Arabic welcome modal shows over it when the
 * client-type marker is set. Every block reserves its height while it loads, so nothing moves.
 */
/** The live widget's frame while its code loads: the same card and height, nothing moves. */
function TodaySessionsPlaceholder() {
  return <div className={classes.livePlaceholder} data-testid="home-live-loading" aria-hidden />;
}

/** `gifts`: the gift slider of the referral programme, composed by the route (eligible pupils only), after the widgets. */
export function HomeScreen({ gifts }: { gifts?: ReactNode }) {
  const { t } = useLingui();
  useDocumentTitle(t`Accueil`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const free = useQuery(freeContentsQueryOptions);
  const fresh = useQuery(newContentsQueryOptions);
  // On a class tablet: no ads, offers, gifts or welcome offer (issue 23 kiosk).
  const classMode = useClassMode();
  return (
    <Stack gap="lg">
      <Alerts />
      <MiniPanel me={me} classMode={classMode} />
      {!classMode && <PromoSlider />}
      <div className={classes.widgets}>
        {!classMode && <ProfileOffersCard me={me} />}
        <ProgressWidget />
        <Suspense fallback={<TodaySessionsPlaceholder />}>
          <TodaySessions />
        </Suspense>
        <LatestRecordings />
        <ForumWidget />
      </div>
      <OnDemand minHeight={ACTIVITY_ROOM} testId="home-activity-loading">
        <ActivityWidget />
      </OnDemand>
      {!classMode && gifts}
      <ContentCards title={t`Contenus gratuits`} data={free.data} isPending={free.isPending} testId="home-free" />
      <ContentCards title={t`Nouveaux contenus`} data={fresh.data} isPending={fresh.isPending} testId="home-new" />
      <Shortcuts me={me} />
      {!classMode && <WelcomeGate />}
    </Stack>
  );
}
