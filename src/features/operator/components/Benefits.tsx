import { Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCalendarRepeat, IconDeviceMobile, IconSchool, IconShieldCheck } from "@tabler/icons-react";
import classes from "./operator.module.css";

/** Why subscribe through the operator. */
export function Benefits() {
  const { t } = useLingui();
  const items = [
    { icon: IconDeviceMobile, title: t`Payé sur votre crédit Ooredoo`, text: t`Sans carte bancaire ni recharge de points : le montant est déduit de votre crédit.` },
    { icon: IconCalendarRepeat, title: t`Sans engagement`, text: t`Renouvelé automatiquement chaque jour ou chaque semaine, résiliable à tout moment depuis votre menu.` },
    { icon: IconSchool, title: t`Les cours de votre classe`, text: t`Les leçons vidéo, les quiz et les enregistrements des matières principales de votre classe.` },
    { icon: IconShieldCheck, title: t`Accès immédiat`, text: t`Votre compte est créé et ouvert dès la confirmation ; un SMS vous permet de choisir votre mot de passe.` },
  ];
  return (
    <section aria-labelledby="operator-benefits-title">
      <Stack gap="sm">
        <Title order={2} id="operator-benefits-title">
          <Trans>Les avantages</Trans>
        </Title>
        <ul className={classes.benefits}>
          {items.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <ThemeIcon color="red.8" variant="filled" size={40} radius="md" aria-hidden style={{ flexShrink: 0 }}>
                <Icon size={22} />
              </ThemeIcon>
              <div>
                <Text fw={700}>{title}</Text>
                <Text size="sm">{text}</Text>
              </div>
            </li>
          ))}
        </ul>
      </Stack>
    </section>
  );
}
