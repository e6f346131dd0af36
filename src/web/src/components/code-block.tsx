import { CopyButton } from './copy-button.js';

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div class="code-block">
      <div class="code-block-head">
        <span>{label}</span>
        <CopyButton text={code} what={label} compact />
      </div>
      <pre class="code" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
