// Starts a TypeScript task in a worker thread: a worker does not inherit the loader hooks that
// `--import tsx` gave its parent (on Node 20), so it registers tsx for itself (lib/worker-task.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { task } = await tsImport(workerData.entry, import.meta.url);
parentPort.postMessage(await task(workerData.input));
