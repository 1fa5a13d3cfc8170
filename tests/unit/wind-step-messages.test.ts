import { describe, expect, it } from 'vitest';
import '../../resources/messages';
import { windPublishes } from '../../resources/wind/resources';
import type { JsonSchema } from '../../resources/types';
import { specialCell } from '../../src/engine/view-cells';

const steps = windPublishes.views!.find((v) => v.name === 'steps')!;
const messagesProp = ((steps.row as JsonSchema).properties as Record<string, JsonSchema>).messages;

describe("a publish step's messages on its page", () => {
  it('are server messages shown in the console language, their variable parts in place', () => {
    const sent = ['the package has no app.json', "the main package is 5.50 MB, over the channel's 2.00 MB", 'something the dictionary lacks'];
    expect(specialCell(messagesProp, sent, {}, 'zh-CN')).toEqual({ kind: 'tags', items: ['包中缺少 app.json', '主包 5.50 MB，超过渠道上限 2.00 MB', 'something the dictionary lacks'] });
    expect(specialCell(messagesProp, sent.slice(0, 1), {}, 'en')).toEqual({ kind: 'tags', items: ['The package has no app.json'] });
  });

  it('are shown as sent where the list does not say they are messages', () => {
    const plain = { ...messagesProp, 'x-ui': { widget: 'tags' } };
    expect(specialCell(plain, ['the package has no app.json'], {}, 'zh-CN')).toEqual({ kind: 'tags', items: ['the package has no app.json'] });
  });
});
