import { describeError, type Logger } from '../log';
import type { MlflowTracking } from './tracking';

/**
 * Refreshes tracked MLflow runs that are still RUNNING (and have "refresh while running" on)
 * every `intervalSeconds`, until MLflow says they ended. Instances sharing a database take
 * different runs (claimDue). The timer does not keep the process alive.
 */
export function startMlflowRefresher(mlflow: MlflowTracking, intervalSeconds: number, log: Logger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    mlflow
      .refreshDue(intervalSeconds)
      .catch((error: unknown) => log.warn('The MLflow refresh timer failed; it tries again next turn', { error: describeError(error) }))
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
