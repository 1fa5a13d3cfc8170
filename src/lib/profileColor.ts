/** The number of profile colours (spec 000 §9: "Profile colour index 1 to 10 from a character sum, default 10"). */
export const PROFILE_COLOR_COUNT = 10;

/**
 * The profile colour of a name, 1 to 10: the sum of its characters' code points, modulo 10, plus one. The same name
 * always gets the same colour. No name (empty or missing) gets the default, 10.
 */
export function profileColorIndex(name: string | null | undefined): number {
  if (!name) return PROFILE_COLOR_COUNT;
  let sum = 0;
  for (const ch of name) sum += ch.codePointAt(0)!;
  return (sum % PROFILE_COLOR_COUNT) + 1;
}
