import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { rateablesQueryOptions } from "../api/reviews";

const RatingDialog = lazy(() => import("./RatingDialog"));
const DISMISSED_KEY = "darsi.rating.dismissed";

function dismissed(): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? "[]") as number[];
  } catch {
    return [];
  }
}

/** After an attended session, its rating dialog once (the first rateable); the dialog's code loads when one is due. */
export function RatingPrompt() {
  const { data } = useQuery(rateablesQueryOptions);
  const [hidden, setHidden] = useState<number[]>(dismissed);
  const next = data?.find((r) => !hidden.includes(r.content_event.id));
  if (!next) return null;
  const done = () => {
    const ids = [...hidden, next.content_event.id];
    setHidden(ids);
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
    } catch {
      // No storage: hidden for this page only.
    }
  };
  return (
    <Suspense fallback={null}>
      <RatingDialog key={next.content_event.id} rateable={next} onDone={done} />
    </Suspense>
  );
}
