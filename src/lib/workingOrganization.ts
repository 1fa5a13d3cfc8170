/**
 * The organisation the user last worked in (an organisation's pages, an app of it, the apps list filtered by it),
 * remembered in the browser so that "create app" starts in it.
 */
const KEY = 'lodestar.workingOrganization';

export function rememberOrganization(id: string | undefined): void {
  if (!id) return;
  try {
    localStorage.setItem(KEY, id);
  } catch {
    // Without storage a new app simply starts without a preselected organisation.
  }
}

export function rememberedOrganization(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The organisation a new app form starts in: the one the link asks for, else the one the user last worked in,
 * else the only one they may create apps in — and only ever one of those they may create apps in.
 */
export function initialOrganization(eligible: string[], wanted: string | null | undefined, remembered: string | undefined): string | undefined {
  for (const id of [wanted, remembered]) if (id && eligible.includes(id)) return id;
  return eligible.length === 1 ? eligible[0] : undefined;
}
