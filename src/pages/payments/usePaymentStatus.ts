import { useEffect, useState } from 'react';
import { PAYMENT_STATUS, type Payment } from '../../../resources/payments-api';
import { isApiError, request } from '../../../providers/http';

const POLL_MS = 2000;

/**
 * A payment's status, read every two seconds until Alipay's word has settled it (success or fail). `error` holds
 * the status code of a refused read (401, 403, 404), after which it stops asking.
 */
export function usePaymentStatus(outTradeNo: string | undefined): { payment?: Payment; error?: number } {
  const [payment, setPayment] = useState<Payment>();
  const [error, setError] = useState<number>();
  useEffect(() => {
    if (!outTradeNo) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const p = await request<Payment>(`/api/alipay/payments/${encodeURIComponent(outTradeNo)}`, { throwResponse: true, silent: true, anonymous: true });
        if (!live || !p) return;
        setPayment(p);
        if (p.Status !== PAYMENT_STATUS.success && p.Status !== PAYMENT_STATUS.fail) timer = setTimeout(() => void read(), POLL_MS);
      } catch (e) {
        if (!live) return;
        if (isApiError(e) && e.statusCode >= 400 && e.statusCode < 500) setError(e.statusCode);
        else timer = setTimeout(() => void read(), POLL_MS * 2);
      }
    };
    void read();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [outTradeNo]);
  return { payment, error };
}
