import { describe, expect, it } from 'vitest';
import { billedMinutes, roomOf, serverRoom } from '../../resources/hello/rules';

describe("Hello's rooms and minutes", () => {
  it("names the voice server's room after the app, and reads it back", () => {
    expect(serverRoom('app-1', 'lobby')).toBe('app-1~lobby');
    expect(roomOf('app-1~lobby')).toEqual({ appId: 'app-1', room: 'lobby' });
  });

  it('takes no room Lodestar did not name', () => {
    expect(roomOf('lobby')).toBeUndefined();
    expect(roomOf('~lobby')).toBeUndefined();
    expect(roomOf('app-1~')).toBeUndefined();
    expect(roomOf('app-1~a/b')).toBeUndefined();
    expect(roomOf(`app-1~${'x'.repeat(65)}`)).toBeUndefined();
  });

  it('counts every started minute, and nothing for no time', () => {
    expect(billedMinutes(0, 0)).toBe(0);
    expect(billedMinutes(0, 1)).toBe(1);
    expect(billedMinutes(0, 60_000)).toBe(1);
    expect(billedMinutes(0, 60_001)).toBe(2);
    expect(billedMinutes(0, 150_000)).toBe(3);
    // A clock that runs backwards bills nothing.
    expect(billedMinutes(10_000, 0)).toBe(0);
  });
});
