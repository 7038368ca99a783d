import { Group, Text } from "@mantine/core";

/** The Darsi mark: an open book in a rounded square, and the name. */
export function Logo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" dir="ltr">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
        <defs>
          <linearGradient id="darsi-logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#4c6ef5" />
            <stop offset="1" stopColor="#12b886" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="14" fill="url(#darsi-logo-g)" />
        <path d="M14 20c7-3 13-2 18 2v26c-5-4-11-5-18-2z M50 20c-7-3-13-2-18 2v26c5-4 11-5 18-2z" fill="#fff" />
      </svg>
      {withName && (
        <Text fw={800} fz={size * 0.62} className="darsi-logo-text" lh={1}>
          Darsi
        </Text>
      )}
    </Group>
  );
}
