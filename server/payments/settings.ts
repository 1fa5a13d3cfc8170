/** Payment, remittance and invoice settings from the environment (see README, Configuration). */

export interface AlipaySettings {
  appId: string;
  /** The merchant's application private key (PEM or the bare base64 body). */
  privateKey: string;
  /** PKCS1 (`RSA PRIVATE KEY`, Alipay's key tool default) or PKCS8 (`PRIVATE KEY`). */
  keyType: 'PKCS1' | 'PKCS8';
  /** Alipay's public key, which signs its notifications. */
  alipayPublicKey: string;
  gateway: string;
  /** Where Alipay posts notifications; by default this server's /api/alipay/callback. */
  notifyUrl?: string;
}

export interface InvoiceSeller {
  name: string;
  taxId: string;
  address: string;
  bank: string;
  /** The line item every invoice carries (category*name, as tax invoices write it). */
  itemName: string;
  /** VAT rate as a decimal string, e.g. 0.06. */
  taxRate: string;
}

export interface PaymentSettings {
  /** Real Alipay when ALIPAY_APP_ID and both keys are set. */
  alipay?: AlipaySettings;
  /**
   * Whether the built-in sandbox takes payments when Alipay is not configured: on by default, off in production
   * unless PAYMENTS_SANDBOX=on (a sandbox payment credits a balance without money moving).
   */
  sandbox: boolean;
  remittance: { accountName: string; bankName: string; accountNumber: string; note: string };
  seller: InvoiceSeller;
}

/** Keys in one environment line may carry `\n` escapes for their line breaks. */
const pem = (v: string | undefined) => (v ?? '').replace(/\\n/g, '\n').trim();

export function loadPaymentSettings(env: NodeJS.ProcessEnv, production: boolean): PaymentSettings {
  const privateKey = pem(env.ALIPAY_PRIVATE_KEY);
  const alipayPublicKey = pem(env.ALIPAY_PUBLIC_KEY);
  const alipay: AlipaySettings | undefined =
    env.ALIPAY_APP_ID && privateKey && alipayPublicKey
      ? {
          appId: env.ALIPAY_APP_ID,
          privateKey,
          keyType: env.ALIPAY_KEY_TYPE === 'PKCS8' ? 'PKCS8' : 'PKCS1',
          alipayPublicKey,
          gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
          notifyUrl: env.ALIPAY_NOTIFY_URL || undefined,
        }
      : undefined;
  const sandboxSetting = env.PAYMENTS_SANDBOX;
  return {
    alipay,
    sandbox: !alipay && sandboxSetting !== 'off' && (!production || sandboxSetting === 'on'),
    remittance: {
      accountName: env.REMITTANCE_ACCOUNT_NAME ?? '',
      bankName: env.REMITTANCE_BANK_NAME ?? '',
      accountNumber: env.REMITTANCE_ACCOUNT_NUMBER ?? '',
      note: env.REMITTANCE_NOTE ?? '',
    },
    seller: {
      name: env.INVOICE_SELLER_NAME || 'Lodestar',
      taxId: env.INVOICE_SELLER_TAX_ID ?? '',
      address: env.INVOICE_SELLER_ADDRESS ?? '',
      bank: env.INVOICE_SELLER_BANK ?? '',
      itemName: env.INVOICE_ITEM_NAME || '*信息技术服务*云服务费',
      taxRate: /^0(\.\d{1,4})?$/.test(env.INVOICE_TAX_RATE ?? '') ? env.INVOICE_TAX_RATE! : '0.06',
    },
  };
}
