import { Alert, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { useLocalized } from "@/lib/localized";
import { alertsQueryOptions } from "../api/getAlerts";

const COLOR = { info: "blue", warning: "yellow", danger: "red" } as const;

/** The warnings of the pupil's class (SPEC §2 "home: warnings"). Nothing while loading or when there are none. */
export function Alerts() {
  const { data } = useQuery(alertsQueryOptions);
  const l = useLocalized();
  if (!data?.length) return null;
  return (
    <Stack gap="xs" data-testid="home-alerts">
      {data.map((a) => (
        <Alert
          key={a.id}
          color={COLOR[a.level] ?? "blue"}
          // Mantine's light yellow title (#e67700 on #fff3bf) reads at 2.7:1: the title takes the text colour (AA).
          title={<bdi style={{ color: "var(--mantine-color-text)" }}>{l(a, "title")}</bdi>}
          icon={a.level === "info" ? <IconInfoCircle size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />}
          role={a.level === "danger" ? "alert" : "status"}
        >
          <bdi>{l(a, "body")}</bdi>
        </Alert>
      ))}
    </Stack>
  );
}
