import { describe, expect, it } from 'vitest';
import { TRANSACTION_ACTIONS, TRANSACTION_STATUSES } from '../../resources/billing-api';
import { CERTIFICATION_ACTIONS, CERTIFICATION_STATUSES, INVOICE_ACTIONS, INVOICE_STATUSES } from '../../resources/payments-api';
import { allows, type StateAction } from '../../resources/state-actions';

/** The states an action may start from, read off the declaration through `allows`. */
const startsFrom = <S extends string>(action: StateAction<S>, all: readonly S[]) => all.filter((s) => allows(action, s));

describe('declared state actions (spec 000 §4)', () => {
  it('cancels a transaction only while Pending, activates only Pending, invalidates Pending or Active', () => {
    expect(startsFrom(TRANSACTION_ACTIONS.cancel, TRANSACTION_STATUSES)).toEqual(['Pending']);
    expect(startsFrom(TRANSACTION_ACTIONS.activate, TRANSACTION_STATUSES)).toEqual(['Pending']);
    expect(startsFrom(TRANSACTION_ACTIONS.invalidate, TRANSACTION_STATUSES)).toEqual(['Active', 'Pending']);
    expect(TRANSACTION_ACTIONS.cancel.refused).toBe('only pending transactions can be cancelled');
  });

  it('finishes or cancels a Pending invoice and invalidates a Pending or Finished one', () => {
    expect(startsFrom(INVOICE_ACTIONS.finish, INVOICE_STATUSES)).toEqual(['Pending']);
    expect(startsFrom(INVOICE_ACTIONS.cancel, INVOICE_STATUSES)).toEqual(['Pending']);
    expect(startsFrom(INVOICE_ACTIONS.invalidate, INVOICE_STATUSES)).toEqual(['Pending', 'Finished']);
  });

  it('approves a Pending certification and invalidates a Pending or Approved one', () => {
    expect(startsFrom(CERTIFICATION_ACTIONS.approve, CERTIFICATION_STATUSES)).toEqual(['Pending']);
    expect(startsFrom(CERTIFICATION_ACTIONS.invalidate, CERTIFICATION_STATUSES)).toEqual(['Pending', 'Approved']);
  });

  it('never leads an action back to a state it starts from', () => {
    for (const table of [TRANSACTION_ACTIONS, INVOICE_ACTIONS, CERTIFICATION_ACTIONS] as Record<string, StateAction<string>>[]) {
      for (const [name, action] of Object.entries(table)) expect(action.from, name).not.toContain(action.to);
    }
  });
});
