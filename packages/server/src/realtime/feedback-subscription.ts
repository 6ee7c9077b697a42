import type { Feedback, FeedbackFilters } from '../domain/feedback.js';
import { matchesFeedbackFilters } from '../domain/feedback-match.js';
import { streamEventId } from '../domain/stream-event-id.js';
import type { BrandScope } from '../storage/repositories/brands.js';
import { comparePositions, type LoggedEvent, type StreamPosition } from '../storage/repositories/outbox.js';
import type { TailListener } from './outbox-tail.js';

/** The events a feedback stream carries; their `data` is the item as the API returns it. */
export const FEEDBACK_STREAM_EVENTS = ['feedback.created', 'feedback.updated'] as const;
export type FeedbackStreamEventType = (typeof FEEDBACK_STREAM_EVENTS)[number];

const STREAMED_TYPES: ReadonlySet<string> = new Set(FEEDBACK_STREAM_EVENTS);

/** One event of a feedback stream. */
export interface StreamedFeedback {
  /** The event's place in the outbox (see domain/stream-event-id.ts): a client resumes after it. */
  id: string;
  type: FeedbackStreamEventType;
  feedback: Feedback;
  /** `feedback` as JSON: made once per event, however many streams send it. */
  json: string;
}

/** The JSON of each event's item, by the event's payload object, which the tail hands to every stream alike. */
const jsonOfPayload = new WeakMap<object, string>();

function jsonOf(feedback: Feedback): string {
  let json = jsonOfPayload.get(feedback);
  if (json === undefined) {
    json = JSON.stringify(feedback);
    jsonOfPayload.set(feedback, json);
  }
  return json;
}

/** Why a subscription ended. */
export type SubscriptionEnd = 'closed' | 'shutdown' | 'lagging' | 'revoked';

export interface FeedbackSubscriptionOptions {
  scope: BrandScope;
  filters: FeedbackFilters;
  /** The position after which events are sent (the last one a client received, or the present). */
  after: StreamPosition;
  /** Reads a page of the organization's events after a position: the catch-up before going live. */
  readPage(after: StreamPosition): Promise<readonly LoggedEvent[]>;
  /** How many events one page of catch-up holds: a shorter page means the present was reached. */
  pageSize: number;
  /** How long {@link FeedbackSubscription.next} waits before answering with nothing (a heartbeat). */
  heartbeatMs: number;
  /**
   * The most events waiting to be written before the subscription gives up (a client that reads
   * slower than events arrive): it ends as `lagging`, and the client resumes from its last id.
   */
  maxQueued: number;
  /**
   * Asked at each heartbeat: false (the key was revoked or expired meanwhile) ends the
   * subscription as `revoked`. A request is authenticated once; a stream lasts.
   */
  stillAllowed?: () => Promise<boolean>;
  /**
   * Whether an event of the log takes the principal's right away (its key's revocation): the
   * subscription ends as `revoked` there, sending nothing that comes after it in the log.
   */
  revokedBy?: (event: LoggedEvent) => boolean;
}

/**
 * One open stream's view of the outbox: its own position, its filters and tenancy, and a queue
 * the writer drains. It first catches up from `after` by reading the log itself, a page at a time
 * as the writer asks (so a long replay never piles up in memory), while holding what the shared
 * tail delivers meanwhile; then it goes live on the tail's deliveries. Every event is taken once,
 * by position, so the two sources never double one.
 */
export class FeedbackSubscription implements TailListener {
  private position: StreamPosition;
  private readonly queue: StreamedFeedback[] = [];
  /** The tail's deliveries held during the catch-up; null once live. */
  private held: LoggedEvent[] | null = [];
  private ending: SubscriptionEnd | undefined;
  private wakeWriter: (() => void) | undefined;
  private readonly cleanups: (() => void)[] = [];

  constructor(private readonly options: FeedbackSubscriptionOptions) {
    this.position = options.after;
  }

  /** Why it ended, once it has. */
  get ended(): SubscriptionEnd | undefined {
    return this.ending;
  }

  /** Runs `cleanup` once the subscription ends (detaching it from the tail). */
  onEnd(cleanup: () => void): void {
    if (this.ending) cleanup();
    else this.cleanups.push(cleanup);
  }

  deliver(events: readonly LoggedEvent[]): void {
    if (this.ending) return;
    if (this.held) {
      this.held.push(...events);
      // A catch-up slower than the organization's live traffic: resume later rather than grow.
      if (this.held.length > this.options.maxQueued) this.finish('lagging');
      return;
    }
    this.take(events);
  }

  end(): void {
    this.finish('shutdown');
  }

  /** Ends it on the client's side (the connection closed). */
  close(): void {
    this.finish('closed');
  }

  /**
   * The next events to write, in log order: at once when some wait; else after the catch-up's next
   * page, or when the tail delivers, or `[]` after the heartbeat interval; `null` once ended.
   */
  async next(): Promise<StreamedFeedback[] | null> {
    while (this.held && this.queue.length === 0 && !this.ending) await this.catchUp();
    if (this.queue.length === 0 && !this.ending) await this.waitForEvents();
    if (this.queue.length > 0) return this.queue.splice(0);
    if (!this.ending && this.options.stillAllowed && !(await this.options.stillAllowed())) this.finish('revoked');
    return this.ending ? null : [];
  }

  private async catchUp(): Promise<void> {
    const page = await this.options.readPage(this.position);
    this.take(page);
    if (page.length >= this.options.pageSize) return;
    const held = this.held ?? [];
    this.held = null;
    this.take(held);
  }

  private waitForEvents(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.heartbeatMs);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wakeWriter = undefined;
        resolve();
      }
      this.wakeWriter = done;
    });
  }

  private take(events: readonly LoggedEvent[]): void {
    for (const event of events) {
      if (comparePositions(event.position, this.position) <= 0) continue;
      this.position = event.position;
      if (this.options.revokedBy?.(event)) {
        this.finish('revoked');
        return;
      }
      const streamed = this.streamed(event);
      if (streamed) this.queue.push(streamed);
    }
    if (this.queue.length > this.options.maxQueued) this.finish('lagging');
    else if (this.queue.length > 0) this.wakeWriter?.();
  }

  /** The event as this stream sends it, or undefined when its scope or filters leave it out. */
  private streamed(event: LoggedEvent): StreamedFeedback | undefined {
    const { scope, filters } = this.options;
    if (!STREAMED_TYPES.has(event.type) || event.orgId !== scope.orgId) return undefined;
    const feedback = event.data as Feedback;
    if (feedback.orgId !== scope.orgId) return undefined;
    if (scope.brandId && feedback.brandId !== scope.brandId) return undefined;
    if (!matchesFeedbackFilters(feedback, filters)) return undefined;
    return {
      id: streamEventId(event.position),
      type: event.type as FeedbackStreamEventType,
      feedback,
      json: jsonOf(feedback),
    };
  }

  private finish(reason: SubscriptionEnd): void {
    if (this.ending) return;
    this.ending = reason;
    // What waits is dropped: a client resumes after the last id it received.
    this.queue.length = 0;
    this.held = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.wakeWriter?.();
  }
}
