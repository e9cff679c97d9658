/**
 * One channel's handlers and its arrival-ordered backlog. A payload that must be read back from the
 * database (a promise) holds up every later payload of the channel until it is read, so handlers see
 * the send order; while nothing is waiting, a payload is handed over synchronously.
 */
export function createOrderedDelivery(onError: (error: unknown) => void) {
  const handlers = new Set<(payload: string) => void>();
  const backlog: (string | Promise<string>)[] = [];
  let draining = false;

  const dispatch = (payload: string) => {
    for (const handler of [...handlers]) {
      try {
        handler(payload);
      } catch (error) {
        onError(error);
      }
    }
  };

  const drain = async () => {
    draining = true;
    while (backlog.length > 0) {
      const item = backlog.shift() as string | Promise<string>;
      if (typeof item === 'string') {
        dispatch(item);
        continue;
      }
      try {
        dispatch(await item);
      } catch (error) {
        onError(error);
      }
    }
    draining = false;
  };

  return {
    handlers,
    push(item: string | Promise<string>): void {
      if (!draining && typeof item === 'string') {
        dispatch(item);
        return;
      }
      // Read in parallel with the ones before it; only the hand-over waits its turn. The catch keeps
      // an item that fails before its turn from counting as an unhandled rejection (drain reports it).
      if (typeof item !== 'string') item.catch(() => {});
      backlog.push(item);
      if (!draining) void drain();
    },
  };
}
