/**
 * Micro-batching ("group commit") for the hottest database paths. Calls made while the event loop is busy with other
 * requests are gathered and handed to `run` together, so that many requests share one statement, one round trip and
 * one commit: on a machine where every round trip costs a system call on both sides, this is what lets one process
 * ingest a thousand progress posts a second. An idle server runs a batch of one at the end of the current turn of the
 * event loop (`setImmediate`), so a lone request waits for nothing.
 *
 * At most `maxInFlight` batches run at once; while they do, new calls wait and form the next, larger batch (the busier
 * the server, the fewer statements per request). `run` answers one result per item, in order: a value, or an `Error`
 * for that item alone. If `run` throws, every item of its batch fails with that error.
 */
export interface BatcherOptions {
  /** Largest batch handed to `run`. */
  maxSize?: number;
  /** Batches running at once (keep below the database pool's size). */
  maxInFlight?: number;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export type Batched<I, O> = (item: I) => Promise<O>;

export function createBatcher<I, O>(run: (items: I[]) => Promise<Array<O | Error>>, options: BatcherOptions = {}): Batched<I, O> {
  const maxSize = options.maxSize ?? 200;
  const maxInFlight = options.maxInFlight ?? 4;
  let queue: Array<Pending<I, O>> = [];
  let inFlight = 0;
  let scheduled = false;

  const settle = (batch: Array<Pending<I, O>>, results: Array<O | Error>) => {
    batch.forEach((p, i) => {
      const r = results[i];
      if (r instanceof Error) p.reject(r);
      else if (i >= results.length) p.reject(new Error("batch answered fewer results than items"));
      else p.resolve(r as O);
    });
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.length <= maxSize ? queue : queue.slice(0, maxSize);
      queue = queue.length <= maxSize ? [] : queue.slice(maxSize);
      inFlight++;
      let ran: Promise<Array<O | Error>>;
      try {
        ran = run(batch.map((p) => p.item));
      } catch (error) {
        ran = Promise.reject(error);
      }
      ran
        .then(
          (results) => settle(batch, results),
          (error: unknown) => {
            for (const p of batch) p.reject(error);
          },
        )
        // Answering the batch failed itself: the items not answered yet fail with that error (never an unhandled rejection).
        .catch((error: unknown) => {
          for (const p of batch) p.reject(error);
        })
        .finally(() => {
          inFlight--;
          if (queue.length > 0) schedule();
        });
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

/** One batcher per key object (a database, say), made on first use. */
export function batcherPer<K extends object, I, O>(make: (key: K) => Batched<I, O>): (key: K) => Batched<I, O> {
  const made = new WeakMap<K, Batched<I, O>>();
  return (key: K) => {
    let batcher = made.get(key);
    if (!batcher) made.set(key, (batcher = make(key)));
    return batcher;
  };
}

/**
 * Reads of rows by id gathered across requests (`createBatcher`): the ids asked for at the same moment with the same
 * `shared` parameter (a day, say) go to `read` together, once each, and each caller gets its row (undefined when
 * there is none). `read` answers the rows of the distinct ids it is given, by id.
 */
export function batchedById<K extends string | number, R>(
  read: (ids: K[], shared: string) => Promise<Map<K, R>>,
  options?: BatcherOptions,
): Batched<{ id: K; shared: string }, R | undefined> {
  return createBatcher<{ id: K; shared: string }, R | undefined>(async (items) => {
    const groups = new Map<string, Set<K>>();
    for (const { id, shared } of items) {
      const ids = groups.get(shared);
      if (ids) ids.add(id);
      else groups.set(shared, new Set([id]));
    }
    const rows = new Map(await Promise.all([...groups].map(async ([shared, ids]) => [shared, await read([...ids], shared)] as const)));
    return items.map(({ id, shared }) => rows.get(shared)!.get(id));
  }, options);
}

/**
 * `batchedById` for a read made one id at a time: the distinct ids of a moment (the classes of the pupils asking, say)
 * are each read once, side by side.
 */
export function batchedEach<K extends string | number, R>(
  read: (id: K, shared: string) => Promise<R | undefined>,
  options?: BatcherOptions,
): Batched<{ id: K; shared: string }, R | undefined> {
  return batchedById(async (ids: K[], shared) => {
    const rows = await Promise.all(ids.map((id) => read(id, shared)));
    return new Map(ids.flatMap((id, i) => (rows[i] === undefined ? [] : [[id, rows[i]] as const])));
  }, options);
}
