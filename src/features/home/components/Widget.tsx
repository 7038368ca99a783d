import type { ReactNode } from "react";
import { Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { IconRefresh } from "@tabler/icons-react";
import classes from "./Widget.module.css";

/** The frame of a home widget: a bordered card with an icon, a title, an optional action and a footer. */
export function Widget({
  id,
  icon,
  title,
  action,
  footer,
  children,
  testId,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  action?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id} className={classes.widget} data-testid={testId}>
      <div className={classes.head}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          {icon}
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
        </Group>
        {action}
      </div>
      {children}
      {footer && <div className={classes.foot}>{footer}</div>}
    </Card>
  );
}

/** Same-height placeholders for a widget's rows while it loads. */
export function RowSkeletons({ count, height }: { count: number; height: number }) {
  return (
    <Stack gap={6} aria-hidden data-testid="widget-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed load, in the widget's reserved space, with a retry. */
export function WidgetError({ minHeight, onRetry, children }: { minHeight: number; onRetry: () => void; children: ReactNode }) {
  return (
    <div className={classes.empty} style={{ minBlockSize: minHeight }} role="status">
      <Stack gap="xs" align="center">
        <Text size="sm" c="dimmed">
          {children}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          <Trans>Réessayer</Trans>
        </Button>
      </Stack>
    </div>
  );
}

/** An empty list, in the widget's reserved space. */
export function WidgetEmpty({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  return (
    <div className={classes.empty} style={{ minBlockSize: minHeight }}>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </div>
  );
}
