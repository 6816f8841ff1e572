import { Worker } from 'node:worker_threads';

/** What a task in a worker may use: the most heap it may fill, and how long it may run. */
export interface WorkerLimits {
  heapMb: number;
  deadlineMs: number;
}

/** Why a worker's task ended without an answer. */
export type WorkerStop = 'memory' | 'deadline' | 'failed';

export class WorkerTaskStopped extends Error {
  override name = 'WorkerTaskStopped';

  constructor(
    readonly why: WorkerStop,
    cause?: unknown,
  ) {
    super(`worker task stopped: ${why}`, { cause });
  }
}

const boot = new URL('./worker-boot.mjs', import.meta.url);

/**
 * Runs `task(input)` of the module `entry` in a thread of its own, so that work on untrusted input
 * never holds up the server's event loop, and within `limits`: past its heap or its deadline the
 * thread is ended and the promise rejects with `WorkerTaskStopped`, the server unharmed. The input
 * and the answer are copied between the threads (structured clone).
 */
export function runWorkerTask<Output>(
  entry: URL,
  input: unknown,
  limits: WorkerLimits,
): Promise<Output> {
  return new Promise<Output>((resolve, reject) => {
    const worker = new Worker(boot, {
      workerData: { entry: entry.href, input },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.round(limits.heapMb / 16)),
      },
    });
    let settled = false;
    const end = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
      void worker.terminate();
    };
    const deadline = setTimeout(
      () => end(() => reject(new WorkerTaskStopped('deadline'))),
      limits.deadlineMs,
    );
    worker.once('message', (answer: Output) => end(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      end(() =>
        reject(
          new WorkerTaskStopped(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed',
            error,
          ),
        ),
      ),
    );
    worker.once('exit', (code) =>
      end(() => reject(new WorkerTaskStopped('failed', new Error(`worker exited ${code}`)))),
    );
  });
}
