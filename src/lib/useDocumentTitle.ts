import { useEffect } from "react";

/** Sets the tab / task-switcher title: "<title> · Darsi". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Darsi`;
  }, [title]);
}
