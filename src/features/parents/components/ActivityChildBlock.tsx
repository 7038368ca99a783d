import { useQuery } from "@tanstack/react-query";
import { ActivityPanel } from "@/components/charts/ActivityPanel";
import { childActivityQueryOptions } from "../api/getChildActivity";

/** A child's activity charts in the parent's space, read-only: loaded on demand when they near the screen (`OnDemand`). */
export function ActivityChildBlock({ childId }: { childId: number }) {
  const { data, isPending, isError, refetch } = useQuery(childActivityQueryOptions(childId));
  return <ActivityPanel data={data} isPending={isPending} isError={isError} onRetry={() => void refetch()} testId="parent-child-activity" />;
}
