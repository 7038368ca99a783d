import type { ReactNode } from "react";
import { Box, Container, Group, Paper } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { LanguageLinks } from "@/components/LanguageLinks";
import { Logo } from "@/components/Logo";
import { ThemeToggle } from "@/components/ThemeToggle";

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
            <ThemeToggle />
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
