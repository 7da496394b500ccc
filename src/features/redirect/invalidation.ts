import type { Redis } from 'ioredis';

/**
 * Tells every instance that short codes changed so their redirect caches drop them. In-process by
 * default; with Redis, a pub/sub channel reaches the other instances (STYLE: small interface,
 * in-process default, Redis behind the same shape).
 */
export interface InvalidationBus {
  publish(shortCodes: string[]): void;
  subscribe(handler: (shortCodes: string[]) => void): void;
  close(): Promise<void>;
}

export class LocalInvalidationBus implements InvalidationBus {
  protected handlers: Array<(codes: string[]) => void> = [];

  publish(shortCodes: string[]): void {
    for (const h of this.handlers) h(shortCodes);
  }

  subscribe(handler: (shortCodes: string[]) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
  }
}

export class RedisInvalidationBus extends LocalInvalidationBus {
  private subscriber: Redis;

  constructor(private redis: Redis, private channel = 'qrs:codes:invalidate') {
    super();
    // A connection in subscriber mode can do nothing else, hence the duplicate.
    this.subscriber = redis.duplicate();
    void this.subscriber.subscribe(channel).catch(() => undefined);
    this.subscriber.on('message', (ch: string, message: string) => {
      if (ch === this.channel) super.publish(message.split(','));
    });
  }

  /** Local caches drop at once; the others when the message arrives (the echo here is harmless). */
  override publish(shortCodes: string[]): void {
    if (shortCodes.length === 0) return;
    super.publish(shortCodes);
    void this.redis.publish(this.channel, shortCodes.join(',')).catch(() => undefined);
  }

  override async close(): Promise<void> {
    await super.close();
    this.subscriber.disconnect();
  }
}
