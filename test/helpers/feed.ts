import type { Db } from '../../src/db/database.js';
import { startEventFeed, type EventFeed } from '../../src/platform/events/feed.js';

/** A real feed on `db` that also counts its live subscriptions, so a test can check that watchers let go. */
export async function startCountingFeed(db: Db): Promise<EventFeed & { active: number }> {
  return countSubscriptions(await startEventFeed({ db }));
}

/** `feed`, counting its live subscriptions (an unsubscribe called twice counts once). */
export function countSubscriptions(feed: EventFeed): EventFeed & { active: number } {
  const counted: EventFeed & { active: number } = {
    ...feed,
    active: 0,
    subscribe(type, listener) {
      const off = feed.subscribe(type, listener);
      counted.active++;
      let done = false;
      return () => {
        if (!done) counted.active--;
        done = true;
        off();
      };
    },
  };
  return counted;
}

/** The message ids of the `message` events in an SSE transcript, in order. */
export const streamedMessageIds = (text: string) => [...text.matchAll(/^event: message\ndata: (.*)$/gm)].map((m) => (JSON.parse(m[1]) as { id: string }).id);
/** The event ids (`id:` lines) of an SSE transcript, in order. */
export const streamedEventIds = (text: string) => [...text.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]);
