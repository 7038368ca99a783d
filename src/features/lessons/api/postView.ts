import { useEffect, useRef } from "react";
import type { ViewDto } from "@domain/schemas/analytics";
import { api } from "@/lib/api";
import { env } from "@/lib/env";

/** `POST {analyticsBase}/views` {content_id}: the magazine was opened (the key makes a retry count once). */
async function postView(contentId: number, idempotencyKey: string): Promise<ViewDto> {
  return (await api<ViewDto>("/views", { base: env.analyticsBase, method: "POST", body: { content_id: contentId }, idempotencyKey })).payload;
}

/** Posts one view when a magazine opens (once per open, whatever React's effects do; a failure is not retried). */
export function usePostView(contentId: number): void {
  const sent = useRef<{ id: number; key: string } | null>(null);
  useEffect(() => {
    if (sent.current?.id === contentId) return;
    const key = crypto.randomUUID();
    sent.current = { id: contentId, key };
    postView(contentId, key).catch(() => {
      // Analytics only: a lost view must never disturb reading.
    });
  }, [contentId]);
}
