import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon } from './icons.js';

/**
 * A destructive action in two steps without a modal: the first press asks, the second does it. Escape or
 * "Cancel" backs out; focus moves to the confirming button so keyboard users land on the question.
 */
export function ConfirmButton({ label, confirmLabel, onConfirm, disabled, accessibleLabel }: {
  label: string;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  disabled?: boolean;
  accessibleLabel?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" class="btn btn-danger-ghost" disabled={disabled} onClick={() => setAsking(true)} aria-label={accessibleLabel}>
        <Icon name="trash" />
        <span>{label}</span>
      </button>
    );
  }
  return (
    <span class="confirm" onKeyDown={(e) => e.key === 'Escape' && setAsking(false)}>
      <button
        ref={confirmRef}
        type="button"
        class="btn btn-danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" class="btn btn-ghost" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
