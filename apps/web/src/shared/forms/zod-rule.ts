import type { FormRule } from 'antd';

/** What the rule needs of a zod schema (kept structural so this file does not load zod). */
interface SafeParser {
  safeParse(
    value: unknown,
    params?: { error?: () => string },
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd form rule from a shared zod schema (ARCHITECTURE rule 3: the same schema checks
 * the form here and the request on the server). The schemas carry their own Chinese
 * messages; a check without one falls back to "请输入正确的{label}" rather than zod's English
 * (the domain's zh-CN zod locale is a server-side set-up the storefront bundle leaves out).
 */
export function zodRule(schema: SafeParser, label: string): FormRule {
  const fallback = `请输入正确的${label}`;
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '', { error: () => fallback });
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? fallback);
    },
  };
}
