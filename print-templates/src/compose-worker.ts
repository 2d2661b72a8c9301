import { isMainThread, parentPort, Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A batch's HTML composed on a worker thread: composing a chunk (React, the QR, the pictures'
 * markup) takes hundreds of milliseconds of one core, and on the thread that drives Chromium it
 * leaves the tab idle meanwhile, since the next command (print, the next body) waits for Node to
 * be free. On its own thread it overlaps the printing of the chunk before, and renderBatch gets a
 * promise of the HTML.
 */
export type ComposeWorker<T> = {
  /** The HTML of one chunk or part; they are composed one at a time, in the order asked. */
  compose(input: T): Promise<string>;
  /** Whether the thread has stopped (closed, or crashed): every compose is then rejected, and a long-lived caller starts another. */
  readonly isStopped: boolean;
  /** Ends the thread; compositions still pending are rejected. */
  close(): Promise<void>;
};

type ComposeRequest<T> = { id: number; input: T };
type ComposeReply = { id: number; html: string } | { id: number; error: string };

/**
 * Composes on `worker`, a thread whose script calls serveComposeRequests with its composer. The
 * caller starts the thread, so that its script imports the documents it composes and is loaded as
 * the caller's code is (compiled, or through a TypeScript loader).
 */
export function startComposeWorker<T>(worker: Worker): ComposeWorker<T> {
  const pending = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | null = null;
  const rejectAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (reply: ComposeReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if ('html' in reply) waiting?.resolve(reply.html);
    else waiting?.reject(new Error(reply.error));
  });
  worker.on('error', rejectAll);
  worker.on('exit', (code) => rejectAll(new Error(`The compose worker stopped (exit code ${code})`)));
  return {
    compose(input) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, input } satisfies ComposeRequest<T>);
      });
    },
    get isStopped() {
      return failure !== null;
    },
    async close() {
      await worker.terminate();
    },
  };
}

/**
 * Starts the compose worker whose script is `script`: compiled JavaScript (a server's or the
 * workstation's build output) runs as it is; TypeScript (sources run through tsx or vitest) is
 * imported through tsx's API, since the loader that runs the caller is not registered on a new
 * thread (Node 20). The thread does not keep the process alive: a server or a job holds it while
 * it composes.
 */
export function startComposeWorkerScript<T>(script: URL, options: Pick<WorkerOptions, 'env'> = {}): ComposeWorker<T> {
  const worker = script.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(require('node:worker_threads').workerData, ${JSON.stringify(script.href)}))`, {
        ...options,
        eval: true,
        workerData: script.href,
      })
    : new Worker(script, options);
  worker.unref();
  return startComposeWorker<T>(worker);
}

/** The one compose worker of a long-lived process (keepComposeWorker). */
export type KeptComposeWorker<T> = {
  /** The worker, started on first use and started again when it has stopped (it crashed). */
  current(): ComposeWorker<T>;
  /** Ends the worker, if one is running; a later current() starts another. */
  close(): Promise<void>;
};

/**
 * One compose worker for a server or the workstation: started when the first batch wants it, so
 * starting the process costs nothing, and replaced when it has stopped, so one crash does not
 * end printing for the rest of the process's life.
 */
export function keepComposeWorker<T>(script: () => URL): KeptComposeWorker<T> {
  let worker: ComposeWorker<T> | null = null;
  return {
    current() {
      if (!worker || worker.isStopped) worker = startComposeWorkerScript<T>(script());
      return worker;
    },
    async close() {
      const closing = worker;
      worker = null;
      await closing?.close();
    },
  };
}

/** Run by a compose worker's script: answers each chunk or part with `compose(input)`. */
export function serveComposeRequests<T>(compose: (input: T) => string): void {
  if (isMainThread || !parentPort) throw new Error('serveComposeRequests runs in a compose worker started by startComposeWorker');
  const port = parentPort;
  port.on('message', ({ id, input }: ComposeRequest<T>) => {
    try {
      port.postMessage({ id, html: compose(input) } satisfies ComposeReply);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ComposeReply);
    }
  });
}
