import { AlipaySdk } from 'alipay-sdk';
import type { PaymentMethod } from '../../../resources/payments-api';
import type { Ctx } from '../../context';
import { ApiError } from '../../engine/errors';
import { sandboxKeys } from './signing';

/** The app id the sandbox's orders and notifications carry. */
export const SANDBOX_APP_ID = 'lodestar-sandbox';

export interface Order {
  outTradeNo: string;
  /** 2-decimal string. */
  amount: string;
  subject: string;
}

export interface CheckoutUrls {
  notifyUrl: string;
  returnUrl: string;
  /** The sandbox's own checkout page for this order. */
  sandboxUrl: string;
}

/** Alipay or the sandbox: how the console pays an order, and whether a notification is authentic. */
export interface PaymentProvider {
  readonly kind: 'alipay' | 'sandbox';
  readonly appId: string;
  checkout(order: Order, method: PaymentMethod, urls: CheckoutUrls): { PayUrl?: string; OrderString?: string };
  /** The notification's RSA2 signature checks out with Alipay's public key (the SDK's verification). */
  verify(params: Record<string, string>): boolean;
}

const PRODUCT_CODES: Record<PaymentMethod, string> = { app: 'QUICK_MSECURITY_PAY', page: 'FAST_INSTANT_TRADE_PAY', wap: 'QUICK_WAP_WAY' };
const PAGE_METHODS: Record<'page' | 'wap', string> = { page: 'alipay.trade.page.pay', wap: 'alipay.trade.wap.pay' };

function sdkProvider(kind: 'alipay' | 'sandbox', sdk: AlipaySdk, appId: string): PaymentProvider {
  return {
    kind,
    appId,
    checkout(order, method, urls) {
      const bizContent = { outTradeNo: order.outTradeNo, totalAmount: order.amount, subject: order.subject, productCode: PRODUCT_CODES[method] };
      if (method === 'app') return { OrderString: sdk.sdkExecute('alipay.trade.app.pay', { bizContent, notifyUrl: urls.notifyUrl }) };
      if (kind === 'sandbox') return { PayUrl: urls.sandboxUrl };
      return { PayUrl: sdk.pageExecute(PAGE_METHODS[method], 'GET', { bizContent, notifyUrl: urls.notifyUrl, returnUrl: urls.returnUrl }) };
    },
    verify(params) {
      try {
        // Values arrive decoded (form or query parsing), so the raw variant: no second decoding.
        return sdk.checkNotifySignV2(params);
      } catch {
        return false;
      }
    },
  };
}

/** The provider the configuration asks for: Alipay when configured, else the sandbox when allowed, else none. */
export async function providerFor(ctx: Ctx): Promise<PaymentProvider | undefined> {
  const { alipay, sandbox } = ctx.config.payments;
  if (alipay) {
    const sdk = new AlipaySdk({
      appId: alipay.appId,
      privateKey: alipay.privateKey,
      keyType: alipay.keyType,
      alipayPublicKey: alipay.alipayPublicKey,
      gateway: alipay.gateway,
    });
    return sdkProvider('alipay', sdk, alipay.appId);
  }
  if (!sandbox) return undefined;
  const keys = await sandboxKeys(ctx.db);
  const sdk = new AlipaySdk({ appId: SANDBOX_APP_ID, privateKey: keys.privateKey, keyType: 'PKCS8', alipayPublicKey: keys.publicKey });
  return sdkProvider('sandbox', sdk, SANDBOX_APP_ID);
}

export async function requireProvider(ctx: Ctx): Promise<PaymentProvider> {
  const provider = await providerFor(ctx);
  if (!provider) throw new ApiError(503, 'PAYMENTS_UNAVAILABLE', 'online payment is not available');
  return provider;
}
