import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

window.addEventListener('popstate', notify);

/** Client-side navigation: the server answers the dashboard page for every client route, so URLs can be shared. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notify();
}

export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return path;
}

type LinkProps = JSX.HTMLAttributes<HTMLAnchorElement> & { href: string };

/** A real link (middle-click, "copy link" and the keyboard all work) that navigates in place on a plain click. */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const click = (event: JSX.TargetedMouseEvent<HTMLAnchorElement>) => {
    if (typeof onClick === 'function') onClick(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a {...rest} href={href} onClick={click} />;
}
