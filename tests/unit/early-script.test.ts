import { describe, expect, it } from 'vitest';
import { EARLY_ZONE } from '../../src/early';
import { DISPLAY_ZONE } from '../../src/lib/format';

describe("the page's first script", () => {
  it('makes its first clock in the zone the console shows times in', () => {
    expect(EARLY_ZONE).toBe(DISPLAY_ZONE);
  });
});
