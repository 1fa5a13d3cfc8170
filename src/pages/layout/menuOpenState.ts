/**
 * Which sub-menus of the app menu are open. By rule, every service is open, and so are the sub-menus holding the
 * page shown; what the user opened or closed by hand overrides the rule, and showing a page opens its sub-menus
 * for good.
 */
export type MenuChoices = ReadonlyMap<string, boolean>;

export interface MenuShape {
  /** Every sub-menu key, in menu order. */
  groupKeys: readonly string[];
  /** The services' sub-menus. */
  serviceKeys: ReadonlySet<string>;
}

/** The open sub-menus. */
export function openKeysOf(shape: MenuShape, shownParents: readonly string[], choices: MenuChoices): string[] {
  return shape.groupKeys.filter((key) => choices.get(key) ?? (shape.serviceKeys.has(key) || shownParents.includes(key)));
}

/** The choices after the menu reported `keys` open: each sub-menu whose state differs from `open` was toggled. */
export function toggled(shape: MenuShape, open: readonly string[], keys: readonly string[], choices: MenuChoices): MenuChoices {
  const next = new Map(choices);
  for (const key of shape.groupKeys) if (keys.includes(key) !== open.includes(key)) next.set(key, keys.includes(key));
  return next;
}

/**
 * The choices once a page is shown: its sub-menus open, even ones the user closed, and stay open after the user
 * moves on (as if the user had opened them).
 */
export function showing(shownParents: readonly string[], choices: MenuChoices): MenuChoices {
  if (shownParents.every((key) => choices.get(key) === true)) return choices;
  const next = new Map(choices);
  for (const key of shownParents) next.set(key, true);
  return next;
}
