/**
 * A state action of the platform's own records (transactions, invoices, certification requests), declared once as
 * data: the server moves a record only from `from` (refusing anything else with `refused`, 409), and the console
 * offers the action only where it is allowed.
 */
export interface StateAction<S extends string> {
  from: readonly S[];
  to: S;
  /** The message of the 409 from any other state (an English dictionary key). */
  refused: string;
}

export const allows = <S extends string>(action: StateAction<S>, status: S): boolean => action.from.includes(status);
