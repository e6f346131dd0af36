import { useState } from 'preact/hooks';
import { announce } from './announcer.js';
import { Icon } from './icons.js';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (e.g. plain http on another host): fall back to a selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export function CopyButton({ text, label = 'Copy', what = 'Text', compact = false }: { text: string; label?: string; what?: string; compact?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const ok = await copyText(text);
    if (ok) {
      setCopied(true);
      announce(`${what} copied to the clipboard.`);
      setTimeout(() => setCopied(false), 2000);
    } else {
      announce('Could not copy; select the text and copy it yourself.', 'error');
    }
  };
  return (
    <button type="button" class={compact ? 'btn btn-ghost btn-icon' : 'btn btn-secondary'} onClick={copy} aria-label={compact ? `${label}: ${what}` : undefined} title={compact ? label : undefined}>
      <Icon name={copied ? 'check' : 'copy'} />
      {compact ? null : <span>{copied ? 'Copied' : label}</span>}
    </button>
  );
}
