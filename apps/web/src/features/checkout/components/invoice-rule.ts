import type { FormRule } from 'antd';
import { invoiceSchema, type InvoiceDefaultsView } from '@kc/domain';

/** The invoice fields of the check-order form, as `POST /api/order` names them. */
export const INVOICE_FIELDS = [
  'invoice_type',
  'invoice_title',
  'tax_no',
  'invoice_bank',
  'invoice_account',
  'invoice_address',
  'invoice_phone',
] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];
export type InvoiceValues = { invoice_type: 0 | 1 | 2 } & Record<
  Exclude<InvoiceField, 'invoice_type'>,
  string
>;

/** The company's tax details prefilled, no invoice chosen. */
export const invoiceInitialValues = (d: InvoiceDefaultsView): InvoiceValues => ({
  invoice_type: 0,
  invoice_title: d.title,
  tax_no: d.tax_no,
  invoice_bank: d.bank,
  invoice_account: d.account,
  invoice_address: d.address,
  invoice_phone: d.phone,
});

/**
 * A field's rule from the shared invoiceSchema: which fields are required depends on the
 * type, so the whole invoice is parsed and the issue for this field is shown.
 */
export const invoiceRule =
  (field: InvoiceField): FormRule =>
  (form) => ({
    validator: async () => {
      const result = invoiceSchema.safeParse(form.getFieldsValue([...INVOICE_FIELDS]));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });

/** What the order sends: the fields the chosen type needs, the others blank. */
export function invoicePayload(v: InvoiceValues): InvoiceValues {
  const type = Number(v.invoice_type) as 0 | 1 | 2;
  const keep = (f: InvoiceField, from: 1 | 2) => (type >= from ? String(v[f] ?? '').trim() : '');
  return {
    invoice_type: type,
    invoice_title: keep('invoice_title', 1),
    tax_no: keep('tax_no', 1),
    invoice_bank: keep('invoice_bank', 2),
    invoice_account: keep('invoice_account', 2),
    invoice_address: keep('invoice_address', 2),
    invoice_phone: keep('invoice_phone', 2),
  };
}
