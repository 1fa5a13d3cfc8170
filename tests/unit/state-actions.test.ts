import { describe, expect, it } from 'vitest';
import { findService } from '../../resources';
import { actionAllowed, actionCall, actionUrl, confirmText, entityAction, offeredActions, refusedMessage } from '../../resources/action-call';
import { TRANSACTIONS } from '../../resources/billing-api';
import { lookupMessage } from '../../resources/messages';
import { CERTIFICATIONS, INVOICES } from '../../resources/payments-api';
import type { PlatformEntityDecl } from '../../resources/platform-entities';
import { checkEntity } from '../../server/engine/entity-actions';

const ENTITIES = [TRANSACTIONS, INVOICES, CERTIFICATIONS];

/** The states an action may start from, read off the declaration through the shared `actionAllowed`. */
const startsFrom = (entity: PlatformEntityDecl, name: string) => entity.status.values.filter((s) => actionAllowed(entityAction(entity, name), s));

describe('platform entities declare their state actions as ActionDecl (spec 000 §4)', () => {
  it('cancels a transaction only while Pending, activates only Pending, invalidates Pending or Active', () => {
    expect(startsFrom(TRANSACTIONS, 'cancel')).toEqual(['Pending']);
    expect(startsFrom(TRANSACTIONS, 'activate')).toEqual(['Pending']);
    expect(startsFrom(TRANSACTIONS, 'invalidate')).toEqual(['Active', 'Pending']);
    expect(refusedMessage(entityAction(TRANSACTIONS, 'cancel'))).toBe('only pending transactions can be cancelled');
  });

  it('finishes or cancels a Pending invoice and invalidates a Pending or Finished one', () => {
    expect(startsFrom(INVOICES, 'finish')).toEqual(['Pending']);
    expect(startsFrom(INVOICES, 'cancel')).toEqual(['Pending']);
    expect(startsFrom(INVOICES, 'invalidate')).toEqual(['Pending', 'Finished']);
  });

  it('approves a Pending certification and invalidates a Pending or Approved one', () => {
    expect(startsFrom(CERTIFICATIONS, 'approve')).toEqual(['Pending']);
    expect(startsFrom(CERTIFICATIONS, 'invalidate')).toEqual(['Pending', 'Approved']);
  });

  it('lets an organisation cancel its transactions and withdraw its invoices; everything else is the back office', () => {
    const office = ['admin', 'finance-admin'];
    expect(entityAction(TRANSACTIONS, 'cancel').access).toEqual(['org-admin', 'owner', ...office]);
    expect(entityAction(INVOICES, 'cancel').access).toEqual(['org-admin', 'owner']);
    for (const [entity, name] of [[TRANSACTIONS, 'activate'], [INVOICES, 'finish'], [CERTIFICATIONS, 'approve']] as const) {
      expect(entityAction(entity, name).access, name).toEqual(office);
    }
  });

  it('never leads an action back to a state it starts from', () => {
    for (const entity of ENTITIES) for (const a of entity.actions) expect(a.from, `${entity.name}/${a.name}`).not.toContain(a.to);
  });

  it('gives every refusal a text in both languages', () => {
    for (const entity of ENTITIES) for (const a of entity.actions) expect(lookupMessage(refusedMessage(a)), `${entity.name}/${a.name}`).toBeDefined();
  });

  it('passes the start-up check, which refuses an action leading to an undeclared state or naming no refusal', () => {
    for (const entity of ENTITIES) expect(() => checkEntity(entity)).not.toThrow();
    const broken = (change: object): PlatformEntityDecl => ({ ...INVOICES, actions: [{ ...INVOICES.actions[0], ...change }] });
    expect(() => checkEntity(broken({ to: 'Archived' }))).toThrow(/'Archived' is not a state/);
    expect(() => checkEntity(broken({ refused: undefined }))).toThrow(/names its refusal/);
    expect(() => checkEntity(broken({ access: [] }))).toThrow(/who may call it/);
  });
});

describe('how a state action is called (actionCall)', () => {
  it('calls a platform entity’s action with POST <item>/<name>', () => {
    const call = actionCall(INVOICES, entityAction(INVOICES, 'finish'));
    expect(call).toEqual({ method: 'POST', path: '/finish' });
    expect(actionUrl(INVOICES.path, 'a b', call)).toBe('/api/invoices/a%20b/finish');
  });

  it('keeps the services’ conventions: PUT in REST, POST in passport, a declared method or path first', () => {
    const rest = findService('remote-config')!;
    const passport = findService('passport')!;
    const action = { name: 'archive', label: { 'zh-CN': '归档', en: 'Archive' }, from: ['active'], to: 'archived' };
    expect(actionCall(rest, action)).toEqual({ method: 'PUT', path: '/archive' });
    expect(actionCall(passport, action)).toEqual({ method: 'POST', path: '/archive' });
    expect(actionCall(rest, { ...action, method: 'POST', path: '/shelve' })).toEqual({ method: 'POST', path: '/shelve' });
  });

  it('allows an action only from a state it names', () => {
    expect(actionAllowed({ from: ['Pending'] }, 'Pending')).toBe(true);
    expect(actionAllowed({ from: ['Pending'] }, 'pending')).toBe(false);
    expect(actionAllowed({ from: ['Pending'] }, undefined)).toBe(false);
  });
});

describe('a platform entity’s actions as the console offers them', () => {
  const names = (actions: { name: string }[]) => actions.map((a) => a.name);
  const deposit = { Id: 't1', Status: 'Pending', Type: 'Deposit' };

  it('to the principals an action names, from the states it starts from', () => {
    expect(names(offeredActions(TRANSACTIONS, deposit, ['admin', 'finance-admin']))).toEqual(['activate', 'cancel', 'invalidate']);
    expect(names(offeredActions(TRANSACTIONS, deposit, ['owner', 'org-admin']))).toEqual(['cancel']);
    expect(names(offeredActions(TRANSACTIONS, { ...deposit, Status: 'Active' }, ['admin']))).toEqual(['invalidate']);
    expect(names(offeredActions(TRANSACTIONS, deposit, []))).toEqual([]);
    expect(names(offeredActions(INVOICES, { Status: 'Finished' }, ['admin']))).toEqual(['invalidate']);
  });

  it('with the page’s own rule on top', () => {
    expect(offeredActions(TRANSACTIONS, { ...deposit, Type: 'Bill' }, ['owner'], () => false)).toEqual([]);
  });

  it('asks its declared question with the record’s fields put in', () => {
    const question = entityAction(INVOICES, 'finish').confirm!.en;
    expect(confirmText(question, { Format: 'OFD' })).toBe('Issue this invoice? A OFD file is generated for the organisation to download.');
    expect(confirmText('Keep {{Missing}} and {{Name}}', { Name: 'Acme' })).toBe('Keep {{Missing}} and Acme');
  });
});
