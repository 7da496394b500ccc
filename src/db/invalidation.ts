import type { Redis } from 'ioredis';

/** Published on the bus when a verified custom domain changes; never a short code. */
export const DOMAINS_CHANGED = '#domains';

/**
 * Tells every instance that short codes changed so their redirect caches drop them (and, with
 * DOMAINS_CHANGED, that custom domains did). It is the app's, in `deps.invalidation`, so the
 * features that change codes and domains publish without knowing the redirect that listens
 * (docs/decisions.md D68). In-process by
 * default; with Redis, a pub/sub channel reaches the other instances. One small interface with an
 * in-process default keeps a single instance free of Redis, and puts Redis behind the same shape.
 */
export interface InvalidationBus {
  publish(shortCodes: string[]): void;
  subscribe(handler: (shortCodes: string[]) => void): void;
  /** Every entry may be stale (messages were missed while Redis was away): drop them all. */
  onReset(handler: () => void): void;
  close(): Promise<void>;
}

export class LocalInvalidationBus implements InvalidationBus {
  protected handlers: Array<(codes: string[]) => void> = [];
  protected resetHandlers: Array<() => void> = [];

  onReset(handler: () => void): void {
    this.resetHandlers.push(handler);
  }

  protected reset(): void {
    for (const h of this.resetHandlers) h();
  }

  publish(shortCodes: string[]): void {
    for (const h of this.handlers) h(shortCodes);
  }

  subscribe(handler: (shortCodes: string[]) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
    this.resetHandlers = [];
  }
}

/**
 * While Redis is down, a change reaches this instance's cache at once and the others' when their
 * entries expire (the cache TTL, 60 s): messages published meanwhile are lost. When the subscriber
 * connection comes back, this instance drops its whole cache, since it may have missed messages.
 */
export class RedisInvalidationBus extends LocalInvalidationBus {
  private subscriber: Redis;
  private lostConnection = false;

  constructor(
    private redis: Redis,
    private channel = 'qrs:codes:invalidate',
  ) {
    super();
    // A connection in subscriber mode can do nothing else, hence the duplicate. It connects now
    // and queues its one SUBSCRIBE, with no command timeout (no request waits on it; a timed-out
    // SUBSCRIBE would be dropped); ioredis subscribes again after each reconnect.
    this.subscriber = redis.duplicate({
      lazyConnect: false,
      enableOfflineQueue: true,
      commandTimeout: undefined,
      maxRetriesPerRequest: null,
    });
    this.subscriber.on('error', () => undefined); // the main client's circuit reports outages
    this.subscriber.on('close', () => {
      this.lostConnection = true;
    });
    this.subscriber.on('ready', () => {
      if (!this.lostConnection) return;
      this.lostConnection = false;
      this.reset();
    });
    void this.subscriber.subscribe(channel).catch(() => undefined);
    this.subscriber.on('message', (ch: string, message: string) => {
      if (ch === this.channel) super.publish(message.split(','));
    });
  }

  /** Local caches drop at once; the others when the message arrives (the echo here is harmless). */
  override publish(shortCodes: string[]): void {
    if (shortCodes.length === 0) return;
    super.publish(shortCodes);
    // Fails at once while Redis is down (no offline queue), within the command timeout otherwise.
    void this.redis.publish(this.channel, shortCodes.join(',')).catch(() => undefined);
  }

  override async close(): Promise<void> {
    await super.close();
    this.subscriber.disconnect();
  }
}
