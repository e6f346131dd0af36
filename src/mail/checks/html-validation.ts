import type { ConfigData, HtmlValidate, ResolvedConfig } from 'html-validate';
import type { components } from '../../../generated/schema.js';

export type HtmlValidation = components['schemas']['HtmlValidation'];

const MAX_FINDINGS = 500;

/**
 * html-validate's recommended rules, minus what email HTML does on purpose because mail clients need it (see the
 * HtmlValidation schema in openapi.yaml, which documents this set for users): presentational attributes and
 * elements (Outlook's Word engine ignores much CSS), layout tables, inline styles (Gmail drops many <style> rules),
 * and the markup habits of email builders. What is left finds broken structure: unclosed or misnested elements,
 * duplicate ids, missing alt text, invalid attributes.
 */
export const EMAIL_RULES: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    'no-deprecated-attr': 'off',
    deprecated: 'off',
    'wcag/h63': 'off',
    'wcag/h32': 'off',
    'no-inline-style': 'off',
    'void-style': 'off',
    'attr-quotes': 'off',
    'attr-case': 'off',
    'element-case': 'off',
    'no-raw-characters': 'off',
    'long-title': 'off',
    'no-trailing-whitespace': 'off',
    'prefer-native-element': 'off',
    'no-implicit-button-type': 'off',
    'prefer-tbody': 'off',
    'no-redundant-role': 'off',
    'no-style-tag': 'off',
    'doctype-style': 'off',
    'no-conditional-comment': 'off',
    'unrecognized-char-ref': 'off',
    'valid-id': 'off',
    'id-pattern': 'off',
    'class-pattern': 'off',
  },
};

/**
 * The validator and the rule set's name, built at the first check (html-validate is loaded then, not at start).
 *
 * html-validate's StaticConfigLoader resolves its configuration again for every document: it merges the presets and
 * rebuilds the HTML5 element table, compiling its schema, which took 9 of the 10 ms a small message's validation took
 * (BENCHMARKS.md, "Message checks"). The rules never change here, so the resolved configuration is kept, as
 * html-validate's own FileSystemConfigLoader keeps one per file. A validation given its own configuration still
 * resolves it.
 */
let validator: Promise<{ validator: HtmlValidate; ruleSet: string }> | undefined;
const loadValidator = () =>
  (validator ??= import('html-validate').then(({ HtmlValidate, StaticConfigLoader, version }) => {
    class KeptConfigLoader extends StaticConfigLoader {
      #resolved: ResolvedConfig | Promise<ResolvedConfig> | undefined;
      override getConfigFor(handle: string, configOverride?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
        if (configOverride) return super.getConfigFor(handle, configOverride);
        if (this.#resolved) return this.#resolved;
        const resolved = super.getConfigFor(handle);
        // A configuration that failed to resolve is not kept: the next validation tries again.
        if (resolved instanceof Promise) resolved.catch(() => this.#resolved === resolved && (this.#resolved = undefined));
        return (this.#resolved = resolved);
      }
    }
    return { validator: new HtmlValidate(new KeptConfigLoader(EMAIL_RULES)), ruleSet: `ephemail-email (html-validate ${version})` };
  }));

export async function validateHtml(html: string): Promise<HtmlValidation> {
  const { validator, ruleSet } = await loadValidator();
  const report = await validator.validateString(html, 'message.html');
  const messages = report.results.flatMap((r) => r.messages);
  const findings = messages.slice(0, MAX_FINDINGS).map((m) => ({
    rule: m.ruleId,
    message: m.message,
    line: Math.max(1, m.line),
    column: Math.max(1, m.column),
    severity: m.severity === 2 ? ('error' as const) : ('warning' as const),
  }));
  return {
    rule_set: ruleSet,
    errors: messages.filter((m) => m.severity === 2).length,
    warnings: messages.filter((m) => m.severity !== 2).length,
    findings,
  };
}
