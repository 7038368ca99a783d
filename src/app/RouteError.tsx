import { useCallback } from "react";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { useRouter } from "@tanstack/react-router";
import { ApiRequestError } from "@/lib/api";
import { isOffline } from "@/lib/offline/status";
import { isChunkLoadError, reloadOnceForChunkError } from "./chunkReload";
import { ErrorPage } from "./shell/ErrorPage";
import { OfflinePage } from "./OfflinePage";

/** A page that could not load because the server cannot be reached (its data, or its code before the worker had it). */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.isNetwork;
  return isChunkLoadError(error) && isOffline();
}

/**
 * Every route's error component: a page the device does not have, opened offline, gets the app's own offline state
 * (never "Oops! Something went wrong"); anything else the error page.
 */
export function RouteError(props: ErrorComponentProps) {
  const router = useRouter();
  const { error, reset } = props;
  const retry = useCallback(() => {
    if (isChunkLoadError(error)) {
      reloadOnceForChunkError();
      return;
    }
    reset();
    void router.invalidate();
  }, [error, reset, router]);
  if (isUnreachable(error)) return <OfflinePage onRetry={retry} />;
  return <ErrorPage {...props} />;
}
