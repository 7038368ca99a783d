import type { ComponentType } from "react";
import { Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { IconProps } from "@tabler/icons-react";
import { IconBook2, IconBroadcast, IconCertificate, IconHeadset } from "@tabler/icons-react";
import type { Me } from "@domain/user";
import type { AppPath } from "@/lib/links";
import classes from "./home.module.css";

type Shortcut = { to: AppPath; label: string; Icon: ComponentType<IconProps>; color: string };

/** Shortcuts to the main sections the pupil may open (the exams only with the exam permission). */
export function Shortcuts({ me }: { me: Pick<Me, "permissions"> }) {
  const { t } = useLingui();
  const exams: Shortcut = { to: "/exams", label: t`Examens`, Icon: IconCertificate, color: "var(--mantine-color-grape-7)" };
  const items: Shortcut[] = [
    { to: "/subjects", label: t`Matières`, Icon: IconBook2, color: "var(--mantine-color-darsi-7)" },
    { to: "/sessions", label: t`En direct`, Icon: IconBroadcast, color: "var(--mantine-color-red-7)" },
    ...(me.permissions.exam ? [exams] : []),
    { to: "/assistance", label: t`Assistance`, Icon: IconHeadset, color: "var(--mantine-color-teal-8)" },
  ];
  return (
    <section aria-labelledby="home-shortcuts-title">
      <Title order={2} fz="lg" mb="sm" id="home-shortcuts-title">
        <Trans>Accès rapide</Trans>
      </Title>
      <div className={classes.shortcuts}>
        {items.map(({ to, label, Icon, color }) => (
          <Link key={to} to={to} className={classes.shortcut}>
            <Icon size={28} stroke={1.6} color={color} aria-hidden />
            {label}
          </Link>
        ))}
      </div>
    </section>
  );
}
