/**
 * A task boundary: the browser may paint and handle input before what follows runs. Start-up work that would be one
 * long task on a slow phone (evaluating modules, a remote's page) is cut in pieces with it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
