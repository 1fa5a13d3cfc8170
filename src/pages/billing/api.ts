import type { BalanceList, TransactionItem, TransactionList, TransactionQuery, UpdateTransactionBody } from '../../../resources/transactions-api';
import { requireOk } from '../../../providers/http';
import { useApiGet } from '../org/data';

/** The billing calls the pages make. */

export const transactionPath = (id: string) => `/api/transactions/${encodeURIComponent(id)}`;

type Query = Record<string, string | number | undefined>;

export function useBalances(query: Query, enabled = true) {
  return useApiGet<BalanceList>(enabled ? '/api/balance' : undefined, query);
}

export function useTransactions(query: TransactionQuery, enabled = true) {
  return useApiGet<TransactionList>(enabled ? '/api/transactions' : undefined, query as Query);
}

export const updateTransactionNote = (id: string, body: UpdateTransactionBody) => requireOk<TransactionItem>(transactionPath(id), { method: 'PUT', body });
