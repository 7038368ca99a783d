import { Alert, Group, Radio, SimpleGrid, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconInfoCircle } from "@tabler/icons-react";
import { OPERATOR_PRICES, type OperatorLevel } from "@domain/operator";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { usePerPeriod } from "./labels";
import classes from "./operator.module.css";

export interface OperatorPlansProps {
  level: OperatorLevel;
  /** "1" or "7" (days), or null before a choice. */
  value: string | null;
  onChange: (value: string) => void;
  error: ReactNode;
}

/** The 1-day and 7-day plan cards with the level's price, and the auto-renewal text of the chosen one. */
export function OperatorPlans({ level, value, onChange, error }: OperatorPlansProps) {
  const { t } = useLingui();
  const per = usePerPeriod();
  const money = useFormatMillimes();
  const prices = OPERATOR_PRICES[level];
  const perDay = money(prices.perDay);
  const perWeek = money(prices.perWeek);
  return (
    <>
      <Radio.Group label={t`Formule`} value={value} onChange={onChange} error={error} required>
        <SimpleGrid cols={2} spacing="sm" mt={6}>
          {([1, 7] as const).map((r) => (
            <Radio.Card key={r} value={String(r)} radius="md" p="md" className={classes.plan} data-testid={`operator-plan-${r}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator color="red.8" />
                <div>
                  <Text fw={700}>{r === 1 ? t`1 jour` : t`7 jours`}</Text>
                  <Text size="sm" className={classes.price}>
                    {per(money(r === 1 ? prices.perDay : prices.perWeek), r)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="operator-renewal">
        {value === "7" ? (
          <Trans>
            Votre abonnement est renouvelé automatiquement chaque semaine au prix de {perWeek} DT, déduit de votre crédit Ooredoo, jusqu'à votre
            désabonnement.
          </Trans>
        ) : (
          <Trans>
            Votre abonnement est renouvelé automatiquement chaque jour au prix de {perDay} DT, déduit de votre crédit Ooredoo, jusqu'à votre
            désabonnement.
          </Trans>
        )}
      </Alert>
    </>
  );
}
