import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewayResponse } from '@portal/gateway-protocol/ipay88';
import type { FastifyBaseLogger } from 'fastify';

/** The body a merchant's BackendURL answers to acknowledge a callback (iPay88: "RECEIVEOK"). */
const callbackAcknowledgement = 'RECEIVEOK';

/** How long one callback try may take before it counts as failed. */
const callbackTimeoutMs = 10_000;

/**
 * Server-to-server callbacks to the merchant's BackendURL. Each is posted, then tried again after
 * each retry delay until the merchant acknowledges it. A failing merchant is logged, never thrown:
 * the gateway must keep serving other payments.
 */
export class BackendCallbacks {
  readonly #pending = new Set<Promise<boolean>>();
  readonly #stopping = new AbortController();

  readonly #retryDelaysMs: readonly number[];
  readonly #log: FastifyBaseLogger;

  constructor(retryDelaysMs: readonly number[], log: FastifyBaseLogger) {
    this.#retryDelaysMs = retryDelaysMs;
    this.#log = log;
  }

  /** Resolves true once acknowledged, false after the last try; never rejects. */
  deliver(backendUrl: string, response: GatewayResponse): Promise<boolean> {
    const delivery = this.#deliver(backendUrl, response);
    this.#pending.add(delivery);
    void delivery.finally(() => this.#pending.delete(delivery));
    return delivery;
  }

  /**
   * Runs `work` (a callback to come: a bank's later decision) after `waitMs`, counted as pending
   * from now, so that `settled` waits for it too. Dropped when the sandbox stops.
   */
  later(waitMs: number, work: () => Promise<boolean>): void {
    const { signal } = this.#stopping;
    const delivery = sleep(waitMs, undefined, { signal }).then(work, () => false);
    this.#pending.add(delivery);
    void delivery.finally(() => this.#pending.delete(delivery));
  }

  /** Resolves when every callback started so far has been acknowledged or given up. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** Abandons waiting retries, so closing the sandbox does not wait for them. */
  stop(): void {
    this.#stopping.abort();
  }

  async #deliver(backendUrl: string, response: GatewayResponse): Promise<boolean> {
    const { signal } = this.#stopping;
    const waits = [0, ...this.#retryDelaysMs];
    for (const [attempt, waitMs] of waits.entries()) {
      try {
        if (waitMs > 0) await sleep(waitMs, undefined, { signal });
        const merchantAnswer = await fetch(backendUrl, {
          method: 'POST',
          body: new URLSearchParams(Object.entries(response)),
          signal: AbortSignal.any([signal, AbortSignal.timeout(callbackTimeoutMs)]),
        });
        if ((await merchantAnswer.text()) === callbackAcknowledgement) return true;
        this.#log.warn(
          { refNo: response.RefNo, attempt: attempt + 1, status: merchantAnswer.status },
          'backend callback not acknowledged',
        );
      } catch (error) {
        if (signal.aborted) return false;
        this.#log.warn(
          { refNo: response.RefNo, attempt: attempt + 1, err: error },
          'backend callback failed',
        );
      }
    }
    this.#log.error({ refNo: response.RefNo }, 'backend callback given up');
    return false;
  }
}
