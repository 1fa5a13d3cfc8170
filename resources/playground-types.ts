import type { Text } from './types';

/**
 * A page that is its service's playground (`PageDecl.playground`): the console lets a signed-in user pick one of
 * their apps, run the service's calls against it, and see each request and its answer. An absolute page
 * (`/playground/<name>/:appId?`) picks the app; a page of the app's console (Stacktrace's `stacktrace/record/parseLogs`)
 * runs against the app it is under.
 */
export interface PlaygroundDecl {
  /**
   * The ready-made calls offered, in order, each named as
   * - `<call>`: one of the service's declared calls (`ServiceDecl.calls`);
   * - `<resource>.<operation>`: an operation of one of its resources (`list`, `show`, `create`, `update`, `delete`);
   * - `<resource>.player`: the game client's reads of that resource (`ResourceDecl.player`).
   * An entry may carry its name in both languages and the body it starts with. Left out: every declared call and
   * every resource's list.
   */
  examples?: (string | PlaygroundExampleDecl)[];
}

export interface PlaygroundExampleDecl {
  name: string;
  label?: Text;
  /** The body the example starts with, instead of one made from the call's schema. */
  body?: unknown;
}
