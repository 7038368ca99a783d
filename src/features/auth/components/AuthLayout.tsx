import { lazy, Suspense, type ReactNode } from "react";
import { Box, Container, Group, Paper } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { LanguageLinks } from "@/components/LanguageLinks";
import { Logo } from "@/components/Logo";

/**
 * The theme toggle loads after the form (its icons and labels are not the sign-in's first need: /login's entry budget,
 * README "Budgets"); a box of its size holds its place meanwhile, so nothing moves when it arrives.
 */
const ThemeToggle = lazy(() => import("@/components/ThemeToggle").then((m) => ({ default: m.ThemeToggle })));
const togglePlace = <Box w={34} h={34} aria-hidden />; // ActionIcon size "lg"

/** The frame of the sign-in pages: logo, language and theme, one card. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}

/** The same frame around one open page of its own (`/switch`). */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box className="darsi-auth-bg">
      <Container size={480} px="md" py="md">
        <Group
          justify="space-between"
          mb="lg"
          component="header"
          wrap="nowrap"
          gap="xs"
        >
          <Logo size={32} />
          <Group gap={0} wrap="nowrap">
            <LanguageLinks />
            <Suspense fallback={togglePlace}>
              <ThemeToggle />
            </Suspense>
          </Group>
        </Group>
        <Paper
          component="main"
          withBorder
          shadow="sm"
          radius="lg"
          p={{ base: "lg", xs: "xl" }}
        >
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
