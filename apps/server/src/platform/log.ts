/**
 * The little of a logger that providers and the bus need. Fastify's logger fits it; the
 * context is built before the app (and its logger) exists, so main.ts hands it a relay.
 */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Says nothing: tests and command-line tools that do not want the providers' chatter. */
export const silentLog: Log = { info: () => undefined, warn: () => undefined };

/** A log that forwards to a target set later; until then it writes warnings to stderr. */
export function logRelay(): Log & { attach(target: Log): void } {
  let target: Log | null = null;
  return {
    attach: (t) => {
      target = t;
    },
    info: (obj, msg) => target?.info(obj, msg),
    warn: (obj, msg) => (target ? target.warn(obj, msg) : console.warn(msg, obj)),
  };
}
