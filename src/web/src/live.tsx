import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { api, unwrap, type MailboxCount, type MessageSummary } from './api.js';
import { announce } from './components/announcer.js';
import { mailbox } from './format.js';
import { setUnreadInTitle } from './title.js';

/**
 * The inbox, live: one EventSource on the account's event stream (GET /api/dashboard/events, the session cookie
 * authenticates it) for the whole dashboard. Pages subscribe to its events instead of polling; the unread counts
 * (tab title, navigation, address lists) are read again from the API after each change, so they stay exact.
 */
export type LiveEvent =
  | { type: 'message'; address: string; message: MessageSummary }
  | { type: 'address.created' | 'address.deleted'; address: string };

export interface LiveState {
  connected: boolean;
  unread: number;
  mailboxes: MailboxCount[];
  /** Called with every event of the account's stream. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Reads the unread counts again (after marking read or deleting). */
  refreshCounts(): void;
}

const LiveContext = createContext<LiveState>({ connected: false, unread: 0, mailboxes: [], subscribe: () => () => undefined, refreshCounts: () => undefined });

export function useLive(): LiveState {
  return useContext(LiveContext);
}

/** Runs `listener` on every live event while the calling component is mounted. */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const live = useLive();
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => live.subscribe((e) => ref.current(e)), [live.subscribe]);
}

export function LiveProvider({ enabled, children }: { enabled: boolean; children: ComponentChildren }) {
  const [connected, setConnected] = useState(false);
  const [counts, setCounts] = useState<{ unread: number; mailboxes: MailboxCount[] }>({ unread: 0, mailboxes: [] });
  const listeners = useRef(new Set<(event: LiveEvent) => void>());
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refreshCounts = () => {
    if (!enabled) return;
    if (pending.current) clearTimeout(pending.current);
    // Several changes in a row (a burst of mail, a bulk action) make one read.
    pending.current = setTimeout(() => {
      pending.current = null;
      unwrap(api.GET('/api/dashboard/messages', { params: { query: { limit: 1 } } })).then(
        (inbox) => setCounts({ unread: inbox.unread, mailboxes: inbox.mailboxes }),
        () => undefined,
      );
    }, 150);
  };
  const [state] = useState(() => ({
    subscribe(listener: (event: LiveEvent) => void) {
      listeners.current.add(listener);
      return () => void listeners.current.delete(listener);
    },
  }));

  useEffect(() => {
    if (!enabled) {
      setCounts({ unread: 0, mailboxes: [] });
      return;
    }
    refreshCounts();
    const source = new EventSource('/api/dashboard/events');
    const emit = (event: LiveEvent) => listeners.current.forEach((l) => l(event));
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    // A burst (or the replay after a reconnection) is announced once, not message by message.
    let arrived: Array<{ address: string; message: MessageSummary }> = [];
    let flush: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('message', (e) => {
      const data = JSON.parse((e as MessageEvent<string>).data) as { address: string; message: MessageSummary };
      arrived.push(data);
      flush ??= setTimeout(() => {
        const [first, ...more] = arrived;
        announce(
          more.length === 0
            ? `New message to ${first.address} from ${mailbox(first.message.from)}: ${first.message.subject || '(no subject)'}`
            : `${more.length + 1} new messages.`,
        );
        arrived = [];
        flush = undefined;
      }, 300);
      emit({ type: 'message', ...data });
      refreshCounts();
    });
    for (const type of ['address.created', 'address.deleted'] as const) {
      source.addEventListener(type, (e) => {
        emit({ type, address: (JSON.parse((e as MessageEvent<string>).data) as { address: string }).address });
        refreshCounts();
      });
    }
    return () => {
      source.close();
      clearTimeout(flush);
      setConnected(false);
    };
  }, [enabled]);

  useEffect(() => setUnreadInTitle(counts.unread), [counts.unread]);

  return (
    <LiveContext.Provider value={{ connected, unread: counts.unread, mailboxes: counts.mailboxes, subscribe: state.subscribe, refreshCounts }}>
      {children}
    </LiveContext.Provider>
  );
}
