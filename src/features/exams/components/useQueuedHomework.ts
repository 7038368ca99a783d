import { useEffect, useState } from "react";
import type { HomeworkItem, HomeworkProgress } from "@/lib/offline/store";
import { loadSync } from "@/lib/offline/send";

export interface QueuedFile {
  id: number;
  name: string;
  /** Where its upload stands while it goes up; undefined while it waits. */
  progress: HomeworkProgress | undefined;
  /** The server refused it for good: its error code. */
  refused: HomeworkItem["refused"];
}

/**
 * The pupil's homework files of this exam kept on the device (waiting, going up, or refused), live: the outbox's sync
 * tells each change and each chunk sent. `forget` cancels a waiting file or clears a refusal once read.
 */
export function useQueuedHomework(examId: number) {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [forget, setForget] = useState<((id: number) => Promise<void>) | null>(null);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    void loadSync().then((sync) => {
      if (!sync || !live) return;
      const read = () =>
        void sync
          .queuedHomework(examId)
          .then((rows) => {
            if (live) setFiles(rows.map((r) => ({ id: r.id!, name: r.name, progress: sync.homeworkProgress(r.id!), refused: r.refused })));
          })
          .catch(() => undefined);
      unsubscribe = sync.subscribeHomework(read);
      setForget(() => sync.forgetQueuedHomework);
      read();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [examId]);
  return { files, forget };
}
