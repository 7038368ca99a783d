import type { ReactNode } from "react";
import { Text, Title } from "@mantine/core";

/** The heading of a sign-in page: its title and one line saying what to do. */
export function FormHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm" mt={4}>
          {children}
        </Text>
      )}
    </div>
  );
}
