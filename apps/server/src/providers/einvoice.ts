/** One line of an invoice as the tax platform receives it. Amounts in fen, tax included. */
export interface InvoiceItem {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  /** Price and tax together (价税合计) for the line; negative on a red invoice. */
  amount: number;
  /** The VAT in it. */
  tax: number;
}

/** What an invoice is issued for. */
export interface InvoiceRequest {
  /** The platform's own serial for the request: a provider issues at most one invoice per serial. */
  serial: string;
  kind: 'blue' | 'red';
  /** 1 普通发票, 2 增值税专用发票. */
  type: 1 | 2;
  buyer: { title: string; taxNo: string; address: string; phone: string; bank: string; account: string };
  items: InvoiceItem[];
  amount: number;
  tax: number;
  /** A red invoice: the number of the blue one it cancels. */
  redOf?: string;
}

/** What the tax platform answered. */
export interface IssuedInvoice {
  /** 全电发票号码 (20 digits). */
  invoiceNo: string;
  issuedAt: Date;
}

/**
 * E-invoice issuing (全电发票): given a request, the tax platform's invoice number. A wholesaler
 * plugs in its provider (百望, 航信, 税务数字账户 API) here. The platform renders the PDF itself
 * from what it sent and what came back (modules/invoice/pdf.ts), so the file looks the same
 * whichever provider issued it. Calls must be idempotent by `serial`: a retry after a lost
 * answer returns the same invoice, never a second one.
 */
export interface EInvoiceProvider {
  readonly name: string;
  readonly development: boolean;
  issue(request: InvoiceRequest, now: Date): Promise<IssuedInvoice>;
}

/**
 * DEVELOPMENT provider: issues nothing at the tax office. The number is made from the serial
 * (so a retry gets the same one) and starts with 00, which no real 全电 number does; the PDF of
 * an invoice from this provider carries a 开发环境模拟发票 · 不作报销凭证 band.
 */
export class DevEInvoiceProvider implements EInvoiceProvider {
  readonly name = 'dev';
  readonly development = true;
  async issue(request: InvoiceRequest, now: Date): Promise<IssuedInvoice> {
    const digits = request.serial.replace(/\D/g, '').slice(-12).padStart(12, '0');
    const year = String(now.getUTCFullYear()).slice(-2);
    return {
      invoiceNo: `00${year}${request.kind === 'red' ? '9' : '1'}${request.type}33${digits}`,
      issuedAt: now,
    };
  }
}
