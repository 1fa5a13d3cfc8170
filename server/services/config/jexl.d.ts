/**
 * Types for the parts of the jexl expression library that targeting rules use: the Jexl class, its compiled
 * expressions, and its lexer and parser (used to locate syntax errors token by token). The package is CommonJS;
 * its default import is the module's exports object.
 */

declare module 'jexl' {
  /** One lexical token; `type` is undefined when the text names a member of Object.prototype. */
  export interface Token {
    type: string | undefined;
    value: unknown;
    raw: string;
  }

  export interface GrammarElement {
    type: string;
    precedence?: number;
  }

  // Functions and transforms receive whatever the expression computes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export type Callable = (...args: any[]) => unknown;

  export interface Grammar {
    elements: Record<string, GrammarElement>;
    functions: Record<string, Callable>;
    transforms: Record<string, Callable>;
  }

  export class Expression {
    compile(): Expression;
    eval(context?: object): Promise<unknown>;
    evalSync(context?: object): unknown;
  }

  export class Jexl {
    constructor();
    /** The grammar this instance lexes, parses and evaluates with. */
    _grammar: Grammar;
    addFunction(name: string, fn: Callable): void;
    addFunctions(map: Record<string, Callable>): void;
    addTransform(name: string, fn: Callable): void;
    addTransforms(map: Record<string, Callable>): void;
    compile(expression: string): Expression;
    createExpression(expression: string): Expression;
    eval(expression: string, context?: object): Promise<unknown>;
    evalSync(expression: string, context?: object): unknown;
    removeOp(operator: string): void;
  }

  const instance: Jexl & { Jexl: typeof Jexl };
  export default instance;
}

declare module 'jexl/dist/Lexer.js' {
  import type { Grammar, Token } from 'jexl';

  export default class Lexer {
    constructor(grammar: Grammar);
    /** Splits an expression into elements; joined back together they give the expression unchanged. */
    getElements(str: string): string[];
    getTokens(elements: string[]): Token[];
    tokenize(str: string): Token[];
  }
}

declare module 'jexl/dist/parser/Parser.js' {
  import type { Grammar, Token } from 'jexl';

  export default class Parser {
    constructor(grammar: Grammar, prefix?: string, stopMap?: Record<string, unknown>);
    addToken(token: Token): unknown;
    addTokens(tokens: Token[]): void;
    complete(): unknown;
  }
}
