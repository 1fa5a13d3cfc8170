import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { BillLog, BillLogList, BillLogStatus, ProcessBillResult } from '../../resources/bills-api';
import { recordOperation } from '../audit';
import type { Db, Queryable } from '../db';
import { ApiError } from '../engine/errors';
import { createTransaction } from './ledger';
import { groupBy, lineOf, listBills, usageOfMonths, writeLines } from './bills';
import { sumAmounts } from './prices';

interface LogRow {
  id: string;
  month: string;
  status: BillLogStatus;
  app_count: number;
  bill_count: number;
  total_amount: string;
  error: string | null;
  created_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const LOG_COLUMNS = 'id, month, status, app_count, bill_count, total_amount::text AS total_amount, error, created_by, created_at, finished_at';

const toLog = (r: LogRow): BillLog => ({
  Id: r.id,
  Month: r.month,
  Status: r.status,
  AppCount: Number(r.app_count),
  BillCount: Number(r.bill_count),
  TotalAmount: new Decimal(r.total_amount).toFixed(2),
  Error: r.error,
  CreatedBy: r.created_by,
  CreatedAt: new Date(r.created_at).toISOString(),
  FinishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

/**
 * Bills a month that has ended: every app with usage that has no bill for the month yet gets its lines and, when
 * they total more than zero, one Active Bill transaction. Apps billed before are left alone, so running a month
 * again bills nothing new. The run's log is written first (Pending) and finished in the same database
 * transaction as the bills; a run that fails leaves it Pending with the error.
 */
export async function processBill(db: Db, month: string, actor: string): Promise<ProcessBillResult> {
  const id = randomUUID();
  await db.query('INSERT INTO bill_logs (id, month, status, created_by) VALUES ($1, $2, $3, $4)', [id, month, 'Pending', actor]);
  try {
    await db.transaction(async (q) => {
      // Runs of any month wait for each other: two at once could both find an app unbilled.
      await q.query('LOCK TABLE bill_items IN SHARE ROW EXCLUSIVE MODE');
      const all = await usageOfMonths(q, month, month);
      const unbilled = await usageOfMonths(q, month, month, { unbilledOnly: true });
      let bills = 0;
      const created: string[] = [];
      for (const rows of groupBy(unbilled, (u) => u.appId).values()) {
        const items = rows.map(lineOf);
        await writeLines(q, rows[0], items);
        const total = sumAmounts(items.map((i) => i.Amount));
        if (new Decimal(total).isZero()) continue;
        await createTransaction(q, {
          orgId: rows[0].orgId,
          appId: rows[0].appId,
          type: 'Bill',
          amount: total,
          status: 'Active',
          billMonth: month,
          note: `bill ${month}`,
          createdBy: actor,
        });
        bills++;
        created.push(total);
      }
      const after = { Month: month, AppCount: new Set(all.map((u) => u.appId)).size, BillCount: bills, TotalAmount: sumAmounts(created) };
      await q.query(`UPDATE bill_logs SET status = 'Finished', app_count = $2, bill_count = $3, total_amount = $4::numeric, finished_at = now() WHERE id = $1`, [
        id,
        after.AppCount,
        after.BillCount,
        after.TotalAmount,
      ]);
      await recordOperation(q, { actor, action: 'bill.process', target: id, before: { Status: 'Pending' }, after: { Status: 'Finished', ...after } });
    });
  } catch (e) {
    await db.query('UPDATE bill_logs SET error = $2 WHERE id = $1', [id, e instanceof Error ? e.message.slice(0, 1000) : String(e)]);
    // Whatever went wrong is the platform's failure, not the caller's input: the log keeps the detail.
    throw e instanceof ApiError ? e : new ApiError(500, 'BILLING_FAILED', 'the month could not be billed, see the bill log');
  }
  const log = await db.query<LogRow>(`SELECT ${LOG_COLUMNS} FROM bill_logs WHERE id = $1`, [id]);
  const bills = await listBills(db, { months: [month], count: 1_000_000, start: 0, sort: 'projectName', order: 'asc' });
  return { Log: toLog(log.rows[0]), Bills: bills.Items };
}

export async function listBillLogs(q: Queryable, f: { month?: string; status?: BillLogStatus; count: number; start: number }): Promise<BillLogList> {
  const where = '($1::text IS NULL OR month = $1) AND ($2::text IS NULL OR status = $2)';
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM bill_logs WHERE ${where}`, [f.month ?? null, f.status ?? null]);
  const res = await q.query<LogRow>(`SELECT ${LOG_COLUMNS} FROM bill_logs WHERE ${where} ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`, [
    f.month ?? null,
    f.status ?? null,
    f.count,
    f.start,
  ]);
  return { TotalCount: Number(total.rows[0].n), Items: res.rows.map(toLog) };
}
