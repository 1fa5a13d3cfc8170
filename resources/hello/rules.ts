/** What Hello holds names to, read by its calls, its server and its tests. */
export const HELLO_RULES = {
  /** A room or participant name as the game gives it. */
  namePattern: '^[A-Za-z0-9_.-]{1,64}$',
  /** Between the app's id and the room's name in the room the voice server is asked for. */
  roomSeparator: '~',
} as const;

/** The room the voice server knows: the app's id, then the app's own room name; no app reaches another's rooms. */
export const serverRoom = (appId: string, room: string) => `${appId}${HELLO_RULES.roomSeparator}${room}`;

/** The app and room a voice server's room name stands for, or undefined for a room Lodestar did not name. */
export function roomOf(serverName: string): { appId: string; room: string } | undefined {
  const at = serverName.indexOf(HELLO_RULES.roomSeparator);
  if (at <= 0) return undefined;
  const room = serverName.slice(at + 1);
  return new RegExp(HELLO_RULES.namePattern).test(room) ? { appId: serverName.slice(0, at), room } : undefined;
}

/** A session's billed minutes: every started minute counts, as voice services bill. */
export const billedMinutes = (startMs: number, endMs: number) => Math.max(0, Math.ceil((endMs - startMs) / 60_000));
