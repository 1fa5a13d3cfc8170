import { findService } from '../../resources';
import type { RedeemAnswer } from '../../resources/app-api';
import { recordOperation } from '../audit';
import { createTransaction } from '../billing/ledger';
import type { Db, Queryable } from '../db';
import { ApiError, notFound } from '../engine/errors';
import type { AppCaller } from './app-access';
import { assertNotOccupied, ensureProject, lockApp, newServiceState, serviceSuspended, writeServiceState } from './app-services';
import { normalizeTokenCode } from './org/service-tokens';

interface ClaimedToken {
  id: string;
  token: string;
  kind: 'credit' | 'trial';
  amount: string | null;
  service: string | null;
  trial_days: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const tokenFulfilled = () => new ApiError(409, 'TOKEN_FULFILLED', 'token has been fulfilled');
const tokenUnusable = () => new ApiError(409, 'TOKEN_UNUSABLE', 'the token cannot be used on this app');

/**
 * Redeems a code on an app in one transaction. The token is claimed by a conditional UPDATE (only while Active),
 * so of two concurrent redeems exactly one succeeds; if its effect is refused (a trial of a service this app
 * cannot take) everything rolls back and the token stays Active.
 * - credit: an Active Increase adjustment of the app's organisation (ledger money at once), referencing the token;
 * - trial: the service enabled with `Properties.trialUntil`, or an ongoing trial of it extended.
 */
export async function redeemToken(db: Db, caller: AppCaller, code: string): Promise<RedeemAnswer> {
  const appId = caller.app.AppId;
  const stored = normalizeTokenCode(code.trim());
  return db.transaction(async (tx) => {
    const claimed = await tx.query<ClaimedToken>(
      `UPDATE service_tokens SET status = 'Fulfilled', fulfilled_app_id = $2, fulfilled_org_id = $3, fulfilled_by = $4, fulfilled_at = now()
       WHERE token = $1 AND status = 'Active' RETURNING id, token, kind, amount::text AS amount, service, trial_days`,
      [stored, appId, caller.app.OrganizationId, caller.email],
    );
    const token = claimed.rows[0];
    if (!token) {
      const known = await tx.query('SELECT 1 FROM service_tokens WHERE token = $1', [stored]);
      throw known.rows.length ? tokenFulfilled() : notFound('failed to find token');
    }
    const answer = token.kind === 'credit' ? await grantCredit(tx, caller, token) : await startTrial(tx, appId, token);
    await recordOperation(tx, { actor: caller.actor, appId, action: 'app.token.redeem', target: token.id, after: answer });
    return answer;
  });
}

async function grantCredit(tx: Queryable, caller: AppCaller, token: ClaimedToken): Promise<RedeemAnswer> {
  if (!token.amount) throw tokenUnusable();
  await createTransaction(tx, {
    orgId: caller.app.OrganizationId,
    appId: caller.app.AppId,
    type: 'Adjustment',
    adjustmentType: 'Increase',
    amount: token.amount,
    status: 'Active',
    reference: `token:${token.id}`,
    // Only the code's last group: the note is shown to every member of the organisation.
    note: `Redeem code •••••-•••••-•••••-${token.token.slice(-5)}`,
    createdBy: caller.actor,
  });
  return { Kind: 'credit', Amount: token.amount, Service: null, TrialUntil: null };
}

async function startTrial(tx: Queryable, appId: string, token: ClaimedToken): Promise<RedeemAnswer> {
  const decl = token.service ? findService(token.service) : undefined;
  const app = await lockApp(tx, appId);
  if (!decl || !token.trial_days || !app) throw tokenUnusable();
  const current = app.Services[decl.name];
  if (current && current.Status !== 'Enabled') throw serviceSuspended();
  const ongoing = current ? Date.parse(String(current.Properties.trialUntil ?? '')) : Number.NaN;
  // A service enabled for good gains nothing from a trial.
  if (current && Number.isNaN(ongoing)) throw new ApiError(409, 'SERVICE_ENABLED', 'service already enabled');
  if (!current) assertNotOccupied(app, decl, '/Token');
  const from = Number.isNaN(ongoing) ? Date.now() : Math.max(ongoing, Date.now());
  const trialUntil = new Date(from + token.trial_days * DAY_MS).toISOString();
  const state = current
    ? { ...current, Properties: { ...current.Properties, trialUntil } }
    : newServiceState(decl, { trialUntil });
  await writeServiceState(tx, appId, decl.name, state);
  if (decl.catalogue.needsProject) await ensureProject(tx, app, decl.name);
  return { Kind: 'trial', Amount: null, Service: decl.name, TrialUntil: trialUntil };
}
