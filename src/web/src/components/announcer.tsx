import { useEffect, useState } from 'preact/hooks';

type Tone = 'ok' | 'error';
interface Notice {
  id: number;
  text: string;
  tone: Tone;
}

const subscribers = new Set<(n: Notice) => void>();
let counter = 0;

/** A short message for everyone: shown as a toast and read out by screen readers (aria-live). */
export function announce(text: string, tone: Tone = 'ok'): void {
  const notice = { id: ++counter, text, tone };
  subscribers.forEach((s) => s(notice));
}

export function Announcer() {
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    const add = (n: Notice) => {
      setNotices((all) => [...all.slice(-2), n]);
      setTimeout(() => setNotices((all) => all.filter((x) => x.id !== n.id)), n.tone === 'error' ? 8000 : 4000);
    };
    subscribers.add(add);
    return () => void subscribers.delete(add);
  }, []);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} class={`toast toast-${n.tone}`}>
          {n.text}
        </div>
      ))}
    </div>
  );
}
