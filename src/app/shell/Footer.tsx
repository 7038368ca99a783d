import { ActionIcon, Anchor, Group, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBrandFacebook, IconBrandInstagram, IconBrandTiktok, IconBrandYoutube, IconPhone } from "@tabler/icons-react";
import { FOOTER_PHONE_WITHOUT_OFFERS, FOOTER_PHONE_WITH_OFFERS } from "@domain/constants";
import { tunisDay } from "@domain/days";
import { hasOffers } from "@domain/user";
import { meQueryOptions } from "@/lib/me";
import { SOCIAL_LINKS, telHref } from "./nav";
import classes from "./shell.module.css";
import tap from "@/components/tapTarget.module.css";

/** The footer (SPEC §2, §9): the support phone depends on whether the pupil has offers; social links; ©. */
export function Footer() {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const phone = hasOffers(me) ? FOOTER_PHONE_WITH_OFFERS : FOOTER_PHONE_WITHOUT_OFFERS;
  const year = tunisDay(new Date()).slice(0, 4);
  const socials = [
    { href: SOCIAL_LINKS.facebook, label: t`Darsi sur Facebook`, Icon: IconBrandFacebook },
    { href: SOCIAL_LINKS.instagram, label: t`Darsi sur Instagram`, Icon: IconBrandInstagram },
    { href: SOCIAL_LINKS.youtube, label: t`Darsi sur YouTube`, Icon: IconBrandYoutube },
    { href: SOCIAL_LINKS.tiktok, label: t`Darsi sur TikTok`, Icon: IconBrandTiktok },
  ];
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" className={classes.footer}>
      <Group gap={6} wrap="nowrap">
        <IconPhone size={18} aria-hidden />
        <Text size="sm" component="span">
          <Trans>Assistance :</Trans>{" "}
          <Anchor href={telHref(phone)} c="inherit" underline="always" className={`${classes.footerLink} ${tap.target}`} dir="ltr" data-testid="footer-phone">
            {phone}
          </Anchor>
        </Text>
      </Group>
      <Group gap={4} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t`Réseaux sociaux`}>
        {socials.map(({ href, label, Icon }) => (
          <li key={href}>
            <ActionIcon
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              c="var(--mantine-color-text)"
              size={44}
              aria-label={label}
            >
              <Icon size={20} aria-hidden />
            </ActionIcon>
          </li>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        © Darsi {year}
      </Text>
    </Group>
  );
}
